// `mesh consensus apply|show` (docs/consensus.md "Applying a proposal"): verify a collector-signed
// proposal and publish what it decides, or print what it says. The work lives in node/consensus/.
import type { Command } from 'commander';
import {
  applyConsensus,
  collectorKeyFrom,
  consensusHuman,
  consensusOptions,
  readProposalText,
} from '../../consensus/apply-cli.js';
import { decodeProposalFile, type ProposalBody } from '../../consensus/index.js';
import { contextFor } from '../context.js';
import { context, rulesFor } from './publish.js';
import { collect } from '../repeatable-option.js';

interface ApplyFlags {
  repo: string;
  keys: string;
  collectorKey?: string;
  demoteTo?: string;
  maxAgeDays?: string;
  waitSeconds?: string;
  out?: string;
  witness?: string[];
  quorum?: string;
  logOrigin?: string;
  profile?: string;
  forceUnwitnessed?: boolean;
  json?: boolean;
}

function showHuman(b: ProposalBody): string {
  const p = b.privacy;
  const privacy =
    p === undefined
      ? 'privacy: not stated (schema 2)'
      : p.mechanism === 'none'
        ? 'privacy: exact counts (no noise)'
        : `privacy: ${p.mechanism} epsilon ${p.epsilon}${p.delta === undefined ? '' : ` delta ${p.delta}`} per collection, margin ±${p.margin}; task spent epsilon ${p.budget.epsilon} over ${p.budget.collections} collection(s)`;
  return [
    `${b.pack}@${b.ring} (${b.pack_sha256?.slice(0, 12) ?? '?'}…), created ${b.created}`,
    `${b.aggregate.report_count} organisation-windows; ${privacy}`,
    ...b.proposals.map((x) => `  ${x.kind} ${x.rule}: ${x.reason}`),
    `note: ${b.note}`,
  ].join('\n');
}

export function registerConsensus(program: Command): void {
  const consensus = program
    .command('consensus')
    .description('collector-signed consensus proposals: apply one to a repository, or show it');
  consensus
    .command('apply')
    .description(
      'verify a proposal against the collector key and publish the pack changes it decides',
    )
    .argument('<file>', 'the proposal file (the collector writes <data>/proposals/NNNNNN.json)')
    .requiredOption('--repo <dir>', 'the repository directory')
    .requiredOption(
      '--keys <dir>',
      'directory with <role>.key files of the online roles and log.key',
    )
    .requiredOption(
      '--collector-key <hex|file>',
      'the collector public key the proposal must be signed with',
    )
    .option('--demote-to <status>', 'shadow or disabled', 'shadow')
    .option('--max-age-days <n>', 'refuse a proposal older than this', '30')
    .option(
      '--wait-seconds <n>',
      'how long to wait while `mesh publish` or the timestamp role writes the repository',
      '120',
    )
    .option('--out <file>', 'where a change to the stable ring writes its ceremony proposal')
    .option('--witness <url=vkey>', 'a witness to ask for a cosignature (repeatable)', collect)
    .option('--quorum <n>', 'witness cosignatures required (default: all --witness)')
    .option('--log-origin <origin>', 'the log origin of the repository')
    .option('--profile <profile>', 'governance profile: production (default) or demo')
    .option(
      '--force-unwitnessed',
      'publish to a log that witnesses cosigned without their quorum (subscribers will refuse it)',
    )
    .option('--json', 'print one JSON object')
    .action(async (file: string, f: ApplyFlags, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const text = readProposalText(file);
      const rules = rulesFor(ctx, f);
      // applyConsensus holds the apply lock, then the repository lock every writer shares.
      const o = await applyConsensus(text, consensusOptions(context(f, rules), f));
      ctx.out.result(o, consensusHuman);
    });
  consensus
    .command('show')
    .description('verify a proposal and print what it counted and proposes')
    .argument('<file>', 'the proposal file')
    .requiredOption('--collector-key <hex|file>', 'the collector public key it must be signed with')
    .option('--json', 'print one JSON object')
    .action((file: string, f: { collectorKey: string; json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const body = decodeProposalFile(readProposalText(file), collectorKeyFrom(f.collectorKey));
      ctx.out.result(body, showHuman);
    });
}
