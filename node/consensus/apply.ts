// `mesh consensus apply PROPOSAL.json` (docs/consensus.md "Applying a proposal"):
// verified against the collector key, refused when stale, turned into the next version of each ring's
// pack (its tests run), then published: canary at once with the online keys, stable as a ceremony
// proposal for the offline keyholders. The apply ledger makes a second apply publish nothing.
import { mkdirSync } from 'node:fs';
import {
  packTargetPath,
  parseRing,
  proposeOffline,
  publishOnline,
  resumePending,
  sha256Hex,
  type PublishContext,
  type PublishResult,
  type Ring,
} from '../../packs/index.js';
import { openRepository, proposalDigest, proposalToJson } from '../../tuf/index.js';
import { writeFileAtomic } from '../../common/index.js';
import {
  ApplyLedger,
  ledgerDir,
  LEDGER_SCHEMA,
  type ApplyRecord,
  type RingRecord,
} from './apply-ledger.js';
import { withApplyLock } from './apply-lock.js';
import { currentPack } from './current.js';
import type { DemoteTo, PackDoc } from './edit-pack.js';
import { ConsensusError } from './errors.js';
import { withRepoLockWaiting } from './repo-lock-wait.js';
import { parsePackDoc, planConsensus } from './plan.js';
import {
  COUNT_NOTE,
  decodeProposalFile,
  proposalSha256,
  type ProposalBody,
} from './proposal-file.js';

const DAY_MS = 86_400_000;

export interface ApplyOptions {
  ctx: PublishContext;
  collectorKey: string;
  demoteTo: DemoteTo;
  maxAgeDays: number;
  /** Where a stable-ring ceremony proposal goes (default `<repo>.proposals/stable-v<N>.json`). */
  ceremonyOut?: string;
  now: number;
  /** How long to wait for another writer of the repository (default 120 s). */
  lockWaitMs?: number;
}

export interface ApplyOutcome {
  proposal: string;
  pack: string;
  outcome: 'published' | 'awaiting-ceremony' | 'already-applied' | 'nothing-to-change';
  note: string;
  /** The proposal's statement of the noise on its counts (schema 2 proposals: none stated). */
  privacy: NonNullable<ProposalBody['privacy']> | { mechanism: 'unstated' };
  rings: ApplyRecord['rings'];
  unchanged: ApplyRecord['unchanged'];
  published?: PublishResult;
}

function checkFresh(body: ProposalBody, repoDir: string, o: ApplyOptions): void {
  const created = Date.parse(body.created);
  if (created > o.now + DAY_MS)
    throw new ConsensusError(
      'consensus_invalid',
      `proposal is dated in the future (${body.created})`,
    );
  if (o.now - created > o.maxAgeDays * DAY_MS)
    throw new ConsensusError(
      'consensus_stale',
      `proposal of ${body.created} is older than ${o.maxAgeDays} days`,
      { hint: 'apply the collector’s latest proposal, or pass --max-age-days' },
    );
  if (body.pack_sha256 === undefined)
    throw new ConsensusError(
      'consensus_stale',
      'proposal does not name the pack it was counted over (schema 1)',
      { hint: 'let the collector write a new proposal' },
    );
  const live = currentPack(repoDir, body.pack, parseRing(body.ring));
  if (live?.sha256 !== body.pack_sha256)
    throw new ConsensusError(
      'consensus_stale',
      `proposal was counted over ${body.pack}@${body.ring} ${body.pack_sha256.slice(0, 12)}…; the repository now serves ${live === undefined ? 'no such pack' : `${live.sha256.slice(0, 12)}…`}`,
      {
        hint: 'the catalog changed since: apply a proposal the collector made for the current pack',
      },
    );
}

function livePacks(repoDir: string, pack: string): Partial<Record<Ring, PackDoc>> {
  const out: Partial<Record<Ring, PackDoc>> = {};
  for (const ring of ['canary', 'stable'] as const) {
    const c = currentPack(repoDir, pack, ring);
    if (c !== undefined) out[ring] = parsePackDoc(c.bytes, c.path);
  }
  return out;
}

async function prepare(body: ProposalBody, id: string, o: ApplyOptions): Promise<ApplyRecord> {
  checkFresh(body, o.ctx.repoDir, o);
  const from = parseRing(body.ring);
  const changes = body.proposals.map((p) => ({ kind: p.kind, rule: p.rule, from }));
  const plan = await planConsensus(livePacks(o.ctx.repoDir, body.pack), changes, o.demoteTo);
  const ledger = new ApplyLedger(o.ctx.repoDir);
  const rings: ApplyRecord['rings'] = {};
  for (const e of plan.edits) {
    ledger.keepBytes(id, e.ring, e.bytes);
    rings[e.ring] = {
      version: e.doc.version,
      sha256: sha256Hex(e.bytes),
      state: 'prepared',
      changes: e.changes,
      testsDropped: e.testsDropped,
    };
  }
  return { schema: LEDGER_SCHEMA, proposal: id, pack: body.pack, rings, unchanged: plan.unchanged };
}

/** Moves one ring forward; returns what it published, if it published. */
async function advance(
  rec: ApplyRecord,
  ring: Ring,
  r: RingRecord,
  o: ApplyOptions,
  ledger: ApplyLedger,
): Promise<PublishResult | undefined> {
  const repoDir = o.ctx.repoDir;
  if (currentPack(repoDir, rec.pack, ring)?.sha256 === r.sha256) {
    r.state = 'published';
    return undefined;
  }
  if (r.state === 'published')
    throw new ConsensusError(
      'consensus_stale',
      `${rec.pack}@${ring} ${r.version} was published for this proposal and has since been replaced`,
    );
  const addition = {
    path: packTargetPath(rec.pack, ring),
    bytes: ledger.bytes(rec.proposal, ring),
  };
  if (ring === 'canary') {
    const done = await publishOnline(o.ctx, [addition]);
    r.state = 'published';
    return done;
  }
  if (r.ceremony !== undefined) {
    if (openRepository(repoDir).versionOf('stable') >= r.ceremony.version)
      throw new ConsensusError(
        'consensus_stale',
        `stable v${r.ceremony.version} was published without this proposal's pack`,
        { hint: 'the stable ring changed since: apply a new proposal from the collector' },
      );
    return undefined;
  }
  const p = proposeOffline(repoDir, 'stable', [addition], o.ctx.rules);
  const file = o.ceremonyOut ?? `${repoDir}.proposals/stable-v${p.version}.json`;
  writeFileAtomic(file, `${JSON.stringify(proposalToJson(p), null, 1)}\n`);
  r.state = 'proposed';
  r.ceremony = { file, version: p.version, signed_sha256: proposalDigest(p) };
  return undefined;
}

/**
 * Applies a proposal file's text to the repository of `o.ctx`: verified, checked fresh, planned,
 * the packs' tests run, then published (canary) or proposed to the keyholders (stable). Idempotent.
 *
 * @throws ConsensusError consensus_* (see docs/consensus.md); PackError repository_busy when another
 *   writer holds the repository past `lockWaitMs`; PackError and TufError from publishing
 * @example await applyConsensus(readFileSync(file, 'utf8'), { ctx, collectorKey, demoteTo: 'shadow', maxAgeDays: 30, now: Date.now() })
 */
export async function applyConsensus(text: string, o: ApplyOptions): Promise<ApplyOutcome> {
  const body = decodeProposalFile(text, o.collectorKey);
  mkdirSync(ledgerDir(o.ctx.repoDir), { recursive: true, mode: 0o700 });
  // The apply lock orders applies; the repository lock orders every writer of the repository
  // (`mesh publish`, the timestamp role), which would otherwise each sign version N+1.
  return withApplyLock(ledgerDir(o.ctx.repoDir), () =>
    withRepoLockWaiting(o.ctx.repoDir, () => applyLocked(body, o), o.lockWaitMs),
  );
}

async function applyLocked(body: ProposalBody, o: ApplyOptions): Promise<ApplyOutcome> {
  const id = proposalSha256(body);
  // A publish cut short (crash, witness quorum) is finished first, so what the repository serves
  // is settled before the ledger is compared with it: never a second copy of the same pack.
  await resumePending(o.ctx);
  const ledger = new ApplyLedger(o.ctx.repoDir);
  const before = ledger.read(id);
  const rec = before ?? (await prepare(body, id, o));
  ledger.write(rec);
  let published: PublishResult | undefined;
  for (const ring of ['canary', 'stable'] as const) {
    const r = rec.rings[ring];
    if (r === undefined) continue;
    published = (await advance(rec, ring, r, o, ledger)) ?? published;
    ledger.write(rec);
  }
  const states = Object.values(rec.rings).map((r) => r.state);
  const outcome: ApplyOutcome['outcome'] =
    states.length === 0
      ? 'nothing-to-change'
      : states.some((s) => s !== 'published')
        ? 'awaiting-ceremony'
        : published === undefined && before !== undefined
          ? 'already-applied'
          : 'published';
  return {
    proposal: id,
    pack: rec.pack,
    outcome,
    note: COUNT_NOTE,
    privacy: body.privacy ?? { mechanism: 'unstated' },
    rings: rec.rings,
    unchanged: rec.unchanged,
    ...(published === undefined ? {} : { published }),
  };
}
