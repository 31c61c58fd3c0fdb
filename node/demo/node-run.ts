// `mesh demo`, node side: one node = its own state directory and its own `mesh` processes. It
// subscribes through the mirror, guards its share of the bundled agent traffic, has its operator
// mark what they judge false positives, and contributes one report with its organisation's token.
// Node 0 then tries to send more reports in the same window with the same key: the issuer gives one
// token per organisation per window, so each further try is refused before it reaches the Leader.
import { NodeError } from '../errors.js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../version.js';
import { BUILTIN_PACKS } from '../../packs/index.js';
import { runMeshCommand } from './children.js';
import { EXTRA_TRIES, tryMore, type Refusal } from './extra-reports.js';
import { PACK, type DemoMesh } from './mesh-setup.js';

/** One report per node per day: a demo run never straddles a window except at midnight UTC. */
export const WINDOW = 86_400;

export interface NodeOutcome {
  node: number;
  org: string;
  /** Reports this node tried to send in the window, and how many the Leader accepted. */
  attempts: number;
  accepted: number;
  /** Why the extra tries were not sent (token_refused: the issuer's one token was used). */
  refused: Refusal[];
  events: number;
  attacks: number;
  verdicts: Record<string, number>;
  falsePositivesMarked: number;
  reportId: string;
}

interface CorpusLine {
  id: string;
  label: string;
  family: string;
  event: Record<string, unknown>;
}

function corpus(name: string): CorpusLine[] {
  const text = readFileSync(join(packageRoot(), 'test-vectors', 'guard', name), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as CorpusLine);
}

let cached: { benign: CorpusLine[]; attacks: CorpusLine[] } | undefined;

/** Node i's traffic: a window of everyday calls, and for most nodes a few attacks of their own. */
export function trafficFor(i: number): CorpusLine[] {
  cached ??= { benign: corpus('benign.jsonl'), attacks: corpus('attacks.jsonl') };
  const { benign, attacks } = cached;
  const pick = <T>(xs: T[], start: number, n: number): T[] =>
    Array.from({ length: n }, (_, k) => xs[(start + k) % xs.length] as T);
  const nAttacks = i % 5 === 4 ? 0 : 1 + (i % 3);
  // The attack corpus is grouped by family: stride through it so nodes see different families.
  const attacksSeen = Array.from(
    { length: nAttacks },
    (_, k) => attacks[(i * 37 + k * 53) % attacks.length] as CorpusLine,
  );
  return [...pick(benign, i * 17, 20), ...attacksSeen];
}

async function mesh(home: string, args: string[], input?: string): Promise<string> {
  const r = await runMeshCommand(args, {
    env: { MESH_HOME: home },
    timeoutMs: 120_000,
    ...(input !== undefined ? { input } : {}),
  });
  if (r.code !== 0)
    throw new NodeError(
      'io_failed',
      `node ${home}: mesh ${args.slice(0, 2).join(' ')} exit ${String(r.code)}: ${(r.stdout.trim().split('\n').pop() ?? '') || r.stderr.trim()}`,
    );
  return r.stdout;
}

export async function runNode(i: number, m: DemoMesh, windowStart: number): Promise<NodeOutcome> {
  const org = m.orgs[i];
  if (org === undefined) throw new NodeError('io_failed', `node ${i} has no organisation`);
  const home = join(m.work, 'nodes', `node-${String(i).padStart(2, '0')}`);
  const spec = `mesh:${PACK}@canary`;
  // The demo compresses time: no shadow day for rules new to the node (the default is 24 hours).
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({
      schema: 1,
      reporting: { enabled: false },
      operator: { shadowWindowSeconds: 0 },
    }),
    { mode: 0o600 },
  );
  await mesh(home, [
    'subscribe',
    spec,
    '--mirror',
    m.mirror,
    '--root',
    join(m.repo, 'metadata', '1.root.json'),
    '--log-key',
    m.logKey,
    ...m.witnessKeys.flatMap((w) => ['--witness', w]),
    '--quorum',
    '2',
    '--json',
  ]);
  // Consent comes first: a report counts only what happened after reporting was enabled.
  await mesh(home, [
    'report',
    'init',
    '--pack',
    spec,
    '--window',
    String(WINDOW),
    '--enable',
    // `mesh demo --nodes N` with N under the consent floor makes a task that small on purpose.
    '--below-consent-floor',
    '--json',
  ]);
  // Consent counts from the next whole second after it was given (mesh report enable rounds up).
  await new Promise((r) => setTimeout(r, 1005 - (Date.now() % 1000)));
  const traffic = trafficFor(i);
  const out = await mesh(
    home,
    ['guard', 'decide', '--pack', spec],
    traffic.map((t) => JSON.stringify({ ...t.event, session: `node-${i}` })).join('\n') + '\n',
  );
  const decisions = out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { verdict: string; rule: string | null });
  const verdicts: Record<string, number> = {};
  for (const d of decisions) verdicts[d.verdict] = (verdicts[d.verdict] ?? 0) + 1;
  // Every third operator disagrees with one escalation of theirs and marks it a false positive.
  let falsePositivesMarked = 0;
  // Only a community rule's escalation can be a sighting the aggregate counts (engine fallbacks are not
  // in the pack's catalog).
  const catalog = new Set((BUILTIN_PACKS[PACK] as { catalog: string[] }).catalog);
  const escalated = decisions.findIndex(
    (d) => d.verdict === 'escalate' && d.rule !== null && catalog.has(d.rule),
  );
  if (i % 3 === 0 && escalated >= 0) {
    const d = decisions[escalated];
    const ref = traffic[escalated]?.id ?? `event-${escalated}`;
    if (d?.rule) {
      await mesh(home, [
        'reviews',
        'mark-fp',
        ref,
        '--rule',
        d.rule,
        '--note',
        'expected in this project',
        '--json',
      ]);
      falsePositivesMarked = 1;
    }
  }
  const sent = JSON.parse(
    await mesh(home, [
      'report',
      'submit',
      '--window',
      String(windowStart),
      '--org-key',
      org.keyFile,
      '--json',
    ]),
  ) as { reportId: string };
  const extra = i === 0 ? await tryMore(home, m, org.keyFile, windowStart) : undefined;
  return {
    node: i,
    org: org.name,
    attempts: 1 + (extra === undefined ? 0 : EXTRA_TRIES),
    accepted: 1 + (extra?.accepted ?? 0),
    refused: extra?.refused ?? [],
    events: traffic.length,
    attacks: traffic.filter((t) => t.label !== 'benign').length,
    verdicts,
    falsePositivesMarked,
    reportId: sent.reportId,
  };
}
