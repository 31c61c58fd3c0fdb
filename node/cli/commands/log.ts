// `mesh log checkpoint|prove|verify|entries|monitor`: read and check the transparency log a mirror serves
// (c2sp.org/tlog-tiles), and make or check c2sp.org/tlog-proof@v1 bundles.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { leafBytes, leafConflictKey, readLogEntries, targetLeaf } from '../../../packs/index.js';
import {
  TileReader,
  decodeBase64,
  encodeBase64,
  formatTlogProof,
  leafHash,
  monitorLog,
  openCheckpoint,
  parseVkey,
  verifyInclusion,
  verifyTlogProof,
  countCosigners,
  verifyConsistencyWitnessRule,
  type NoteVerifier,
  type OpenedCheckpoint,
} from '../../../log/index.js';
import { NodeError, UsageError } from '../../errors.js';
import { contextFor } from '../context.js';
import { EXIT_FAILURE } from '../exit-codes.js';
import { bytesEqual } from '../../../common/index.js';
import { collect } from '../repeatable-option.js';

export interface LogFlags {
  log?: string;
  mirror?: string;
  vkey?: string[];
  origin?: string;
  witness?: string[];
  quorum?: string;
  json?: boolean;
}

/** --log URL is the tiles prefix; --mirror URL serves it under /log (docs/architecture.md mirror layout). */
export function logUrl(f: LogFlags): string {
  if (f.log !== undefined) return f.log;
  if (f.mirror !== undefined) return `${f.mirror.replace(/\/+$/, '')}/log`;
  throw new UsageError('give --log URL (tiles prefix) or --mirror URL');
}

/** Log keys by origin: --origin, else each vkey's own name. */
export function logKeys(f: LogFlags): Map<string, NoteVerifier[]> {
  if (f.vkey === undefined || f.vkey.length === 0)
    throw new UsageError('give the log key with --vkey NAME+ID+KEY');
  const keys = new Map<string, NoteVerifier[]>();
  for (const v of f.vkey.map(wrapVkey)) {
    const origin = f.origin ?? v.name;
    keys.set(origin, [...(keys.get(origin) ?? []), v]);
  }
  return keys;
}

export function witnessKeys(f: LogFlags): { witnesses: NoteVerifier[]; quorum: number } {
  const witnesses = (f.witness ?? []).map(wrapVkey);
  const quorum = f.quorum === undefined ? witnesses.length : Number(f.quorum);
  if (!Number.isInteger(quorum) || quorum < 0 || quorum > witnesses.length)
    throw new UsageError('--quorum must be between 0 and the number of --witness keys');
  return { witnesses, quorum };
}

function wrapVkey(v: string): NoteVerifier {
  try {
    return parseVkey(v);
  } catch (e) {
    throw new UsageError(`bad vkey "${v}": ${(e as Error).message}`, undefined, { cause: e });
  }
}

/** Fetches and verifies the log's checkpoint and the witness quorum on it. */
export async function fetchCheckpoint(
  f: LogFlags,
): Promise<{ reader: TileReader; note: string; opened: OpenedCheckpoint; cosigners: string[] }> {
  const keys = logKeys(f);
  const { witnesses, quorum } = witnessKeys(f);
  const reader = new TileReader(logUrl(f));
  const note = await reader.checkpoint();
  const opened = openCheckpoint(note, keys);
  const cosigners = countCosigners(note, witnesses);
  if (cosigners.length < quorum)
    throw new NodeError(
      'state_invalid',
      `${cosigners.length} of ${quorum} required witnesses cosigned the checkpoint`,
      'wait for the log to collect cosignatures, or check the --witness keys',
    );
  return { reader, note, opened, cosigners };
}

/** Subcommands throw on usage errors like top-level ones, so `mesh` maps them to exit code 2. */
function addLogFlags(c: Command): Command {
  return c
    .exitOverride()
    .option('--log <url>', 'tlog-tiles prefix of the log (serves checkpoint, tile/...)')
    .option('--mirror <url>', 'a mirror; its log is at <url>/log')
    .option('--vkey <vkey>', "the log's verifier key (repeatable)", collect)
    .option('--origin <origin>', "the log's origin (default: the vkey's name)")
    .option('--witness <vkey>', 'a trusted witness cosignature key (repeatable)', collect)
    .option('--quorum <n>', 'witness cosignatures required (default: all --witness)')
    .option('--json', 'print one JSON object');
}

export function registerLog(program: Command): void {
  const log = program
    .command('log')
    .description('read and check the transparency log a mirror serves');

  addLogFlags(log.command('checkpoint'))
    .description("fetch the log's checkpoint and verify its signature and witness quorum")
    .action(async (f: LogFlags, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const { note, opened, cosigners } = await fetchCheckpoint(f);
      const c = opened.checkpoint;
      ctx.out.result(
        { origin: c.origin, size: c.size, root: encodeBase64(c.root), cosigners, checkpoint: note },
        (r) =>
          `${r.origin}\nsize ${r.size}\nroot ${r.root}\ncosigned by ${r.cosigners.join(', ') || 'no known witness'}`,
      );
    });

  addLogFlags(log.command('prove'))
    .description('write a c2sp.org/tlog-proof@v1 for entry INDEX, checked before it is written')
    .requiredOption('--index <n>', 'the entry index')
    .option('--out <file>', 'write the proof here instead of stdout')
    .action(async (f: LogFlags & { index: string; out?: string }, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const index = Number(f.index);
      if (!Number.isSafeInteger(index) || index < 0) throw new UsageError('--index must be >= 0');
      const { reader, note, opened } = await fetchCheckpoint(f);
      const c = opened.checkpoint;
      if (index >= c.size)
        throw new UsageError(`--index ${index} is not below the log size ${c.size}`);
      const proof = await reader.inclusionProof(index, c.size);
      const [entry] = (await reader.entryBundle(c.size, Math.floor(index / 256))).slice(
        index % 256,
      );
      if (entry === undefined)
        throw new NodeError('state_invalid', 'entry missing from its bundle');
      verifyInclusion(index, c.size, leafHash(entry), proof, c.root);
      const text = formatTlogProof({ index, proof, checkpoint: note });
      if (f.out !== undefined) writeFileSync(f.out, text);
      ctx.out.result({ index, size: c.size, proof: text }, (r) =>
        f.out !== undefined ? `wrote proof of ${r.index} in size ${r.size}` : r.proof,
      );
    });

  addLogFlags(log.command('verify'))
    .description('check a tlog-proof offline (--proof), or the log against its checkpoint (--log)')
    .option('--proof <file>', 'a .tlog-proof file')
    .option('--entry <file>', 'the logged entry the proof is for')
    .option('--target <file>', 'or a published file: its leaf is built from it and --metadata')
    .option('--metadata <file>', 'the targets metadata (N.ROLE.json) that lists --target')
    .option('--leaf-hash <b64>', 'or its RFC 6962 leaf hash (base64)')
    .option('--old <file>', 'a checkpoint accepted earlier: require consistency with it')
    .action(
      async (
        f: LogFlags & {
          proof?: string;
          entry?: string;
          target?: string;
          metadata?: string;
          leafHash?: string;
          old?: string;
        },
        cmd: Command,
      ) => {
        const ctx = contextFor(cmd, f);
        if (f.proof !== undefined) {
          const leaf =
            f.target !== undefined
              ? targetLeaf(
                  readFileSync(f.target),
                  f.target,
                  f.metadata !== undefined
                    ? { bytes: readFileSync(f.metadata), name: f.metadata }
                    : undefined,
                )
              : undefined;
          const lh =
            leaf !== undefined
              ? leafHash(leafBytes(leaf))
              : f.entry !== undefined
                ? leafHash(readFileSync(f.entry))
                : f.leafHash !== undefined
                  ? decodeBase64(f.leafHash, '--leaf-hash')
                  : undefined;
          if (lh === undefined)
            throw new UsageError(
              'give --target FILE (with --metadata FILE), --entry FILE or --leaf-hash B64 with --proof',
            );
          const r = verifyTlogProof(readFileSync(f.proof, 'utf8'), lh, {
            logKeys: logKeys(f),
            ...witnessKeys(f),
          });
          ctx.out.result(
            {
              ok: true,
              origin: r.checkpoint.origin,
              size: r.checkpoint.size,
              index: r.index,
              witnesses: r.witnesses,
              ...(leaf !== undefined ? { leaf } : {}),
            },
            (x) =>
              `ok: entry ${x.index} is in ${x.origin} at size ${x.size}` +
              (x.leaf !== undefined
                ? ` (${x.leaf.path}, ${x.leaf.role} v${x.leaf.version}, sha256 ${x.leaf.sha256})`
                : ''),
          );
          return;
        }
        const { reader, opened } = await fetchCheckpoint(f);
        const c = opened.checkpoint;
        const served = await reader.root(c.size);
        if (!bytesEqual(served, c.root))
          throw new NodeError(
            'state_invalid',
            "the log's tiles do not hash to its checkpoint root",
          );
        let consistentWith: number | undefined;
        if (f.old !== undefined) {
          const old = openCheckpoint(readFileSync(f.old, 'utf8'), logKeys(f)).checkpoint;
          if (old.size > c.size)
            throw new NodeError('state_invalid', 'the log is smaller than the old checkpoint');
          const proof =
            old.size === 0 || old.size === c.size
              ? []
              : await reader.consistencyProof(old.size, c.size);
          verifyConsistencyWitnessRule(old.size, c.size, old.root, c.root, proof);
          consistentWith = old.size;
        }
        ctx.out.result(
          { ok: true, origin: c.origin, size: c.size, root: encodeBase64(c.root), consistentWith },
          (x) =>
            `ok: ${x.origin} size ${x.size} tiles match the checkpoint` +
            (x.consistentWith === undefined ? '' : `, consistent with size ${x.consistentWith}`),
        );
      },
    );

  addLogFlags(log.command('entries'))
    .description("list the log's entries (after verifying its checkpoint) as leaves")
    .option('--from <n>', 'first entry index', '0')
    .option('--limit <n>', 'at most this many entries', '1000')
    .action(async (f: LogFlags & { from: string; limit: string }, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const [from, limit] = [Number(f.from), Number(f.limit)];
      if (!Number.isSafeInteger(from) || from < 0) throw new UsageError('--from must be >= 0');
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > 100_000)
        throw new UsageError('--limit must be between 1 and 100000');
      const { reader, opened } = await fetchCheckpoint(f);
      const c = opened.checkpoint;
      const entries = await readLogEntries(reader, c.size, from, limit);
      ctx.out.result({ origin: c.origin, size: c.size, from, entries }, (r) =>
        [
          `${r.origin}: size ${r.size}, entries ${r.from}..${r.from + r.entries.length - 1}`,
          ...r.entries.map((e) =>
            e.leaf === undefined
              ? `#${e.index} (not a leaf, ${e.bytes} bytes)`
              : `#${e.index} ${e.leaf.role} v${e.leaf.version} ${e.leaf.path} ${e.leaf.sha256} ${e.leaf.length}`,
          ),
        ].join('\n'),
      );
    });

  addLogFlags(log.command('monitor'))
    .description('read every entry, recompute the tree and report entries that conflict')
    .action(async (f: LogFlags, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const { reader, opened } = await fetchCheckpoint(f);
      const report = await monitorLog(reader, opened.checkpoint, leafConflictKey, (done, total) => {
        ctx.out.progress(`read ${done}/${total} entries`);
      });
      ctx.out.result(report, (r) =>
        [
          `${r.origin}: ${r.size} entries, root ${r.rootMatches ? 'matches' : 'DOES NOT MATCH'} the checkpoint`,
          ...r.conflicts.map(
            (x) =>
              `CONFLICT ${x.key}: ${x.entries.map((e) => `#${e.index} ${e.value}`).join(' vs ')}`,
          ),
        ].join('\n'),
      );
      if (!report.rootMatches || report.conflicts.length > 0) process.exitCode = EXIT_FAILURE;
    });
}
