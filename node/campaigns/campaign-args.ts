// The `mesh` argument lists of a campaign's steps (docs/campaigns.md): the Poplar1 fingerprints
// task, a node's fingerprint of one call, and the forge over a campaign. `mesh demo` runs them; the
// campaign, Poplar1 and forge suites run the same lists, so all drive one set-up.

export interface Poplar1TaskArgs {
  bits: number;
  minBatchSize: number;
  timePrecision: number;
  leaderPort: number;
  helperPort: number;
  outDir: string;
}

/**
 * `mesh dap task new` for a Poplar1 task on Leader and Helper at 127.0.0.1; below the consent
 * floor, as a demo or test campaign of a few organisations is on purpose.
 *
 * @example await runMesh(poplar1TaskArgs({ bits: 16, minBatchSize: 3, ... }));
 */
export const poplar1TaskArgs = (a: Poplar1TaskArgs): string[] => [
  'dap',
  'task',
  'new',
  '--vdaf',
  'Poplar1',
  '--bits',
  String(a.bits),
  '--min-batch-size',
  String(a.minBatchSize),
  '--below-consent-floor',
  '--time-precision',
  String(a.timePrecision),
  '--leader',
  `http://127.0.0.1:${a.leaderPort}/leader/`,
  '--helper',
  `http://127.0.0.1:${a.helperPort}/helper/`,
  '--out-dir',
  a.outDir,
];

/** `mesh campaigns fingerprint` of the call on stdin, for the node whose state is `home`. */
export const fingerprintArgs = (home: string, bits: number): string[] => [
  '--state',
  home,
  'campaigns',
  'fingerprint',
  '--bits',
  String(bits),
  '--json',
];

export interface ForgeArgs {
  campaign: string;
  ledger: string;
  forms: string;
  pack: string;
  repo: string;
  keys: string;
  corpora: readonly string[];
}

/** `mesh forge` for a campaign with the demo profile and two stress runs per rule. */
export const forgeArgs = (a: ForgeArgs): string[] => [
  'forge',
  '--campaign',
  a.campaign,
  '--ledger',
  a.ledger,
  '--forms',
  a.forms,
  '--pack',
  a.pack,
  '--repo',
  a.repo,
  '--keys',
  a.keys,
  '--profile',
  'demo',
  '--stress-runs',
  '2',
  ...a.corpora.flatMap((c) => ['--corpus', c]),
];
