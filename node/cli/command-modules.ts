// Every `mesh` command and the module that registers it: the plain build loads them from here
// (program.ts), scripts/build-bundles.mjs makes one bundle per entry, `mesh doctor` reports each.
/**
 * Each command: its module under commands/ and the function there that registers it, or (`load`)
 * the CommandLoader that picks the parts the argv needs.
 */
export const COMMAND_MODULES: Readonly<
  Record<string, { file: string; register: string } | { file: string; load: string }>
> = {
  campaigns: { file: 'campaigns', register: 'registerCampaigns' },
  ceremony: { file: 'ceremony', register: 'registerCeremony' },
  dap: { file: 'dap', register: 'registerDap' },
  consensus: { file: 'consensus', register: 'registerConsensus' },
  demo: { file: 'demo', register: 'registerDemo' },
  doctor: { file: 'doctor', register: 'registerDoctor' },
  forge: { file: 'forge', register: 'registerForge' },
  gossip: { file: 'gossip', register: 'registerGossip' },
  guard: { file: 'guard-doors', load: 'loadGuard' },
  harness: { file: 'harness', register: 'registerHarness' },
  keys: { file: 'keys', register: 'registerKeys' },
  log: { file: 'log', register: 'registerLog' },
  members: { file: 'members', register: 'registerMembers' },
  metrics: { file: 'metrics', register: 'registerMetrics' },
  org: { file: 'org', register: 'registerOrg' },
  pack: { file: 'pack', register: 'registerPack' },
  publish: { file: 'publish', register: 'registerPublish' },
  receipts: { file: 'receipts', register: 'registerReceipts' },
  repo: { file: 'repo', register: 'registerRepo' },
  report: { file: 'report', register: 'registerReport' },
  reviews: { file: 'reviews', register: 'registerReviews' },
  sensor: { file: 'sensor', register: 'registerSensor' },
  serve: { file: 'serve', register: 'registerServe' },
  subscribe: { file: 'subscribe', register: 'registerSubscribe' },
  'tuf-client': { file: 'tuf-client', register: 'registerTufClient' },
  verify: { file: 'verify', register: 'registerVerify' },
};
