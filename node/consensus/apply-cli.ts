// The `mesh publish --apply` side of consensus: telling a consensus proposal from ceremony output,
// the collector key and options from flags, and what the maintainer reads afterwards.
import { existsSync, readFileSync } from 'node:fs';
import type { PublishContext } from '../../packs/index.js';
import { UsageError } from '../errors.js';
import type { ApplyOptions, ApplyOutcome } from './apply.js';
import { PROPOSAL_TYPE } from './proposal-file.js';

export { applyConsensus } from './apply.js';

const MAX_PROPOSAL_BYTES = 8 << 20;
const KEY_HEX = /^[0-9a-f]{64}$/;

/** The parsed file when it is a consensus proposal; undefined for TUF ceremony output. */
export function consensusDoc(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`, undefined, { cause: e });
  }
  if (text.length > MAX_PROPOSAL_BYTES) return undefined;
  let doc: unknown;
  try {
    // This value is attacker-controlled until its signature verifies.
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  const signed = (doc as { signed?: { type?: unknown } } | null)?.signed;
  return signed?.type === PROPOSAL_TYPE ? doc : undefined;
}

/** --collector-key: 64 hex digits, or a file holding them (or `mesh keys new --json` output). */
export function collectorKeyFrom(flag: string | undefined): string {
  if (flag === undefined)
    throw new UsageError(
      'a consensus proposal needs --collector-key HEX|FILE',
      'pass the collector public key printed by `mesh keys new --role collector`',
    );
  let text = flag.trim();
  if (!KEY_HEX.test(text) && existsSync(flag)) {
    text = readFileSync(flag, 'utf8').trim();
    if (text.startsWith('{')) {
      const pub = (JSON.parse(text) as { public?: unknown }).public;
      text = typeof pub === 'string' ? pub : '';
    }
  }
  if (!KEY_HEX.test(text))
    throw new UsageError(`--collector-key ${flag}: not an Ed25519 public key (64 hex digits)`);
  return text;
}

interface Flags {
  collectorKey?: string;
  demoteTo?: string;
  maxAgeDays?: string;
  out?: string;
}

export function consensusOptions(ctx: PublishContext, f: Flags): ApplyOptions {
  const demoteTo = f.demoteTo ?? 'shadow';
  if (demoteTo !== 'shadow' && demoteTo !== 'disabled')
    throw new UsageError('--demote-to must be shadow or disabled');
  const maxAgeDays = Number(f.maxAgeDays ?? '30');
  if (!Number.isInteger(maxAgeDays) || maxAgeDays < 1)
    throw new UsageError('--max-age-days must be a positive integer');
  return {
    ctx,
    collectorKey: collectorKeyFrom(f.collectorKey),
    demoteTo,
    maxAgeDays,
    ...(f.out === undefined ? {} : { ceremonyOut: f.out }),
    now: Date.now(),
  };
}

export function consensusHuman(o: ApplyOutcome): string {
  const lines = [`consensus proposal ${o.proposal.slice(0, 12)}… for ${o.pack}: ${o.outcome}`];
  for (const [ring, r] of Object.entries(o.rings)) {
    lines.push(
      `  ${ring} ${r.version} (${r.state}): ${r.changes.map((c) => `${c.kind} ${c.rule}`).join(', ')}` +
        (r.testsDropped > 0 ? `; ${r.testsDropped} test(s) of changed rules dropped` : ''),
    );
    if (r.state === 'proposed' && r.ceremony !== undefined)
      lines.push(
        `  next: mesh ceremony sign --proposal ${r.ceremony.file} ...; mesh ceremony assemble ...; ` +
          'mesh publish --apply ASSEMBLED --repo ... --keys ...',
      );
  }
  for (const c of o.unchanged) lines.push(`  already so: ${c.kind} ${c.rule}`);
  lines.push(`  note: ${o.note}`);
  return lines.join('\n');
}
