// docs/packs.md "Trust boundary", the set-up of the suites that put community rules at a node's
// doors: a pack of given rules published to the canary ring through TUF and the log, a mirror
// serving it, and a node subscribed to it with every rule granted and no shadow window (a community
// rule as strong as one can be); and the operator's own pack file, local policy.
import { writeFileSync } from 'node:fs';
import { ruleContentHash } from '../../packs/index.js';
import {
  expectOk,
  maintainer,
  nodeHome,
  publish,
  startMirror,
  subscribe,
  writePack,
  type Maintainer,
} from './publish-subscribe.js';

export interface CommunityPack {
  name: string;
  description: string;
  rules: { id: string }[];
  /** Each rule's examples (pack_format 2). */
  tests: (id: string) => { match: object[]; no_match: object[] };
}

/** The maintainer (its services stop with it), and the node home subscribed to `mesh:NAME@canary`. */
export async function communityNode(
  work: string,
  timeoutMs: number,
  pack: CommunityPack,
): Promise<{ m: Maintainer; home: string }> {
  const m = await maintainer(work, timeoutMs);
  const file = writePack(m, `${pack.name}.json`, {
    pack_format: 2,
    name: pack.name,
    version: '1.0.0',
    licence: 'Apache-2.0',
    description: pack.description,
    catalog: pack.rules.map((r) => r.id),
    rules: Object.fromEntries(
      pack.rules.map((r) => [r.id, { sha256: ruleContentHash(r), tests: pack.tests(r.id) }]),
    ),
    policy: { format: 1, rules: pack.rules },
  });
  await publish(m, file, ['--ring', 'canary']);
  const mirror = await startMirror(m, { config: { mirror: { logKey: m.logKey } } });
  const home = nodeHome(m, 'node', {
    schema: 1,
    operator: { grants: ['*'], ungranted: 'escalate', allowlist: [], shadowWindowSeconds: 0 },
  });
  expectOk(await subscribe(m, home, `mesh:${pack.name}@canary`, mirror));
  return { m, home };
}

/** RULES as the operator's own pack file (pack_format 1, named `local`) at FILE. */
export function writeLocalPack(file: string, description: string, rules: { id: string }[]): void {
  writeFileSync(
    file,
    JSON.stringify({
      pack_format: 1,
      name: 'local',
      version: '1.0.0',
      licence: 'Apache-2.0',
      description,
      catalog: rules.map((r) => r.id),
      policy: { format: 1, rules },
    }),
  );
}
