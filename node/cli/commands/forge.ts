// `mesh forge` (docs/campaigns.md "The forge"): a gated rule proposal for a campaign. The work
// lives in node/forge/; this parses flags and prints.
import type { Command } from 'commander';
import { PublishKeys, readCorpus } from '../../../packs/index.js';
import { forge, type ForgeResult } from '../../forge/forge.js';
import { UsageError } from '../../errors.js';
import { stressFlags } from '../stress-flags.js';
import { contextFor } from '../context.js';
import { rulesFor } from './publish.js';
import { collect } from '../repeatable-option.js';

interface ForgeFlags {
  campaign: string;
  ledger?: string;
  forms?: string;
  rule?: string;
  pack: string;
  repo: string;
  keys: string;
  corpus: string[];
  out?: string;
  stressRuns: string;
  stressGateMs: string;
  profile?: string;
  json?: boolean;
}

function human(r: ForgeResult, f: ForgeFlags): string {
  return [
    `campaign ${r.campaign.hex} (${r.campaign.orgs} organisations, first seen ${r.campaign.first_seen})`,
    `candidate ${r.candidate.id} (${r.candidate.verdict}, from ${r.candidate.source}): gate pass, ` +
      `${r.gate.attack_hits} attack hit(s), 0 false positives`,
    `${r.pack.name}@canary ${r.pack.version} (${r.pack.sha256.slice(0, 12)}…) proposed as canary v${r.proposal.version}`,
    `written to ${r.proposal.file}`,
    `next: mesh publish --apply ${r.proposal.file} --repo ${f.repo} --keys ${f.keys}`,
  ].join('\n');
}

export function registerForge(program: Command): void {
  program
    .command('forge')
    .description(
      'propose a rule for a campaign, gate it through the harness, write a signed canary proposal',
    )
    .requiredOption('--campaign <fingerprint>', 'the campaign fingerprint (bits or hex)')
    .option('--ledger <file>', 'the campaign ledger (default STATE/campaigns/ledger.json)')
    .option('--forms <file>', 'canonical forms volunteered by nodes or supplied by a maintainer')
    .option('--rule <file>', 'a maintainer-written candidate {"rule": ..., "tests": ...}')
    .requiredOption('--pack <name>', 'the canary pack the rule joins')
    .requiredOption('--repo <dir>', 'the repository directory')
    .requiredOption('--keys <dir>', 'directory with canary.key (and the online keys for --apply)')
    .option('--corpus <file>', 'a harness corpus, JSONL (repeatable; at least one)', collect, [])
    .option('--out <file>', 'the proposal to write (default <repo>.proposals/forge-canary-vN.json)')
    .option('--stress-runs <n>', 'repetitions per stress case', '5')
    .option('--stress-gate-ms <ms>', 'refuse when a stress case p95 exceeds this', '500')
    .option('--profile <profile>', 'governance profile: production (default) or demo')
    .option('--json', 'print one JSON object')
    .action(async (f: ForgeFlags, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      if ((f.forms === undefined) === (f.rule === undefined))
        throw new UsageError('give exactly one of --forms FILE or --rule FILE');
      if (f.corpus.length === 0)
        throw new UsageError(
          'give at least one --corpus FILE.jsonl',
          'e.g. the pack corpora in packs/corpora/shell/*.jsonl',
        );
      const { runs: stressRuns, gateMs: stressGateMs } = stressFlags(f);
      const rules = rulesFor(ctx, f);
      const corpus = f.corpus.flatMap((c) => readCorpus(c));
      ctx.out.progress(`gating the candidate over ${corpus.length} corpus events`);
      const r = await forge({
        campaign: f.campaign,
        ledgerPath: f.ledger ?? ctx.state().path('campaigns', 'ledger.json'),
        ...(f.forms !== undefined ? { forms: f.forms } : {}),
        ...(f.rule !== undefined ? { rule: f.rule } : {}),
        pack: f.pack,
        repoDir: f.repo,
        keys: new PublishKeys(f.keys),
        rules,
        corpus,
        gate: { stressRuns, stressGateMs },
        ...(f.out !== undefined ? { out: f.out } : {}),
      });
      ctx.out.result(r, (x) => human(x, f));
    });
}
