// A small PACK_FORMAT 2 pack for the pack-format, runner and publish tests: two rules, five
// examples of each kind, correct hashes.
import { ruleContentHash } from '../../packs/index.js';

const bash = (command: string): object => ({
  event: { phase: 'call', tool: 'Bash', args: { command } },
});

export const TINY_RULES = [
  {
    id: 't.no-deploy',
    verdict: 'block',
    tools: ['Bash'],
    phase: 'call',
    when: { field: 'args.command', prefix: 'deploy prod' },
    reason: 'deploys to production',
  },
  {
    id: 't.ask-curl',
    verdict: 'escalate',
    tools: ['Bash'],
    phase: 'call',
    when: { field: 'args.command', regex: '^curl\\s+https?://' },
    reason: 'fetches from the network',
  },
];

export const TINY_TESTS: Record<string, { match: object[]; no_match: object[] }> = {
  't.no-deploy': {
    match: [
      'deploy prod',
      'deploy prod --now',
      'deploy prod eu',
      'deploy prod us',
      'deploy prod -y',
    ].map(bash),
    no_match: [
      'deploy staging',
      'deploy dev',
      'echo deploy prod',
      'npm test',
      'deploy preview',
    ].map(bash),
  },
  't.ask-curl': {
    match: [
      'curl https://x.test',
      'curl http://x.test/a',
      'curl https://api.x.test/v1',
      'curl https://x.test -o f',
      'curl http://10.0.0.1/',
    ].map(bash),
    no_match: [
      'curl --version',
      'echo curl https://x.test',
      'wget https://x.test',
      'ls',
      'curl -h',
    ].map(bash),
  },
};

/** A fresh, valid document each call (tests mutate it). */
export function tinyPack(): Record<string, unknown> & {
  rules: Record<string, { sha256: string; tests: { match: object[]; no_match: object[] } }>;
  policy: { format: number; rules: Record<string, unknown>[] };
} {
  const rules = structuredClone(TINY_RULES);
  return {
    pack_format: 2,
    name: 'tiny',
    version: '1.0.0',
    licence: 'Apache-2.0',
    catalog: rules.map((r) => r.id),
    rules: Object.fromEntries(
      rules.map((r) => [
        r.id,
        { sha256: ruleContentHash(r), tests: structuredClone(TINY_TESTS[r.id]!) },
      ]),
    ),
    policy: { format: 1, rules },
  };
}
