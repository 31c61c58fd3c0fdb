// The CLI side of `mesh consensus apply|show`: the proposal file, the collector key and options from
// flags, and what the maintainer reads afterwards; `mesh publish --apply` refuses a proposal.
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import type { PublishContext } from '../../packs/index.js';
import { UsageError } from '../errors.js';
import type { ApplyOptions, ApplyOutcome } from './apply.js';
import { ConsensusError } from './errors.js';
import { looksLikeProposal, MAX_PROPOSAL_BYTES } from './proposal-file.js';

export { applyConsensus } from './apply.js';

const KEY_HEX = /^[0-9a-f]{64}$/;

/** A proposal file's text, read with a byte cap (one byte over the cap is enough to refuse). */
export function readProposalText(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`, undefined, { cause: e });
  }
  try {
    const buf = Buffer.alloc(MAX_PROPOSAL_BYTES + 1);
    let n = 0;
    for (let r = 1; r > 0 && n < buf.length; n += r) r = readSync(fd, buf, n, buf.length - n, null);
    if (n > MAX_PROPOSAL_BYTES)
      throw new ConsensusError(
        'consensus_invalid',
        `${file} is larger than ${MAX_PROPOSAL_BYTES} bytes`,
      );
    return buf.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * `mesh publish --apply` takes ceremony output only: a consensus proposal there is refused with a
 * pointer to the command that applies it.
 *
 * @throws ConsensusError consensus_wrong_command when the bytes are a consensus proposal
 */
export function refuseProposal(bytes: Uint8Array, file: string): void {
  let doc: unknown;
  try {
    // This value is attacker-controlled: only its type field is looked at, to refuse it.
    doc = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return;
  }
  if (looksLikeProposal(doc))
    throw new ConsensusError(
      'consensus_wrong_command',
      `${file} is a consensus proposal, not ceremony output`,
      { hint: `run: mesh consensus apply ${file} --repo DIR --keys DIR --collector-key HEX|FILE` },
    );
}

/** --collector-key: 64 hex digits, or a file holding them (or `mesh keys new --json` output). */
export function collectorKeyFrom(flag: string | undefined): string {
  if (flag === undefined)
    throw new UsageError(
      'applying a consensus proposal needs --collector-key HEX|FILE',
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
  waitSeconds?: string;
  out?: string;
}

export function consensusOptions(ctx: PublishContext, f: Flags): ApplyOptions {
  const demoteTo = f.demoteTo ?? 'shadow';
  if (demoteTo !== 'shadow' && demoteTo !== 'disabled')
    throw new UsageError('--demote-to must be shadow or disabled');
  const maxAgeDays = Number(f.maxAgeDays ?? '30');
  if (!Number.isInteger(maxAgeDays) || maxAgeDays < 1)
    throw new UsageError('--max-age-days must be a positive integer');
  const waitSeconds = Number(f.waitSeconds ?? '120');
  if (!Number.isInteger(waitSeconds) || waitSeconds < 0)
    throw new UsageError('--wait-seconds must be a whole number of seconds, 0 or more');
  return {
    ctx,
    lockWaitMs: waitSeconds * 1000,
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
