// `mesh campaigns fingerprint|explain|walk|list|target [--pack]` (docs/campaigns.md): fingerprints of this
// node's blocked and escalated calls, and the collector's campaigns found by Poplar1 heavy hitters.
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { writeFileAtomic } from '../../../common/index.js';
import { readTaskFile } from '../../../dap/index.js';
import {
  canonicalFormOfCall,
  FINGERPRINT_BITS,
  fingerprintOf,
  loadShellParser,
  parseEvent,
} from '../../../guard/index.js';
import { CAMPAIGN_PACK, campaignPack } from '../../campaigns/campaign-pack.js';
import { campaignTarget } from '../../campaigns/campaign-target.js';
import { liveCampaigns, readLedger } from '../../campaigns/campaign-ledger.js';
import { explainFingerprint, recordForm } from '../../campaigns/form-log.js';
import { walkWindows } from '../../campaigns/walk-windows.js';
import { readForms } from '../../forge/read-forms.js';
import { UsageError } from '../../errors.js';
import { contextFor, type CommandContext } from '../context.js';

const posInt = (v: string, flag: string): number => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new UsageError(`${flag} must be a positive integer, got ${v}`);
  return n;
};

const ledgerOf = (ctx: CommandContext, f?: string) =>
  f ?? ctx.state().path('campaigns', 'ledger.json');
const formsOf = (ctx: CommandContext, f?: string) =>
  f ?? ctx.state().path('campaigns', 'forms.json');

async function fingerprintCmd(
  flags: { outcome: string; bits: string; forms?: string; json?: boolean },
  cmd: Command,
): Promise<void> {
  const ctx = contextFor(cmd, flags);
  const outcome = flags.outcome;
  if (outcome !== 'block' && outcome !== 'escalate' && outcome !== 'near-miss')
    throw new UsageError('--outcome must be block, escalate or near-miss');
  const bits = posInt(flags.bits, '--bits');
  const parser = await loadShellParser();
  const forms = formsOf(ctx, flags.forms);
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (line.trim() === '') continue;
    // this value is attacker-controlled (an agent's tool call)
    const event = parseEvent(JSON.parse(line) as unknown);
    const form = canonicalFormOfCall(parser, event, outcome);
    const fp = fingerprintOf(form, bits);
    recordForm(forms, fp, form, Math.floor(Date.now() / 1000));
    ctx.out.result({ fingerprint: fp.bits, hex: fp.hex, form }, (v) => v.fingerprint);
  }
}

function explainCmd(fingerprint: string, flags: { forms?: string; json?: boolean }, cmd: Command) {
  const ctx = contextFor(cmd, flags);
  const e = explainFingerprint(formsOf(ctx, flags.forms), fingerprint);
  if (!e)
    throw new UsageError(
      `this node never recorded fingerprint ${fingerprint}`,
      "only fingerprints of this node's own calls can be explained; see `mesh campaigns fingerprint`",
    );
  ctx.out.result(e, (v) =>
    [
      `tool ${v.form.tool}, ${v.form.outcome}, seen ${v.count} time(s)`,
      ...v.form.shape.map((s) => s.join(' ')),
    ].join('\n'),
  );
}

function windowFlag(v: string, prev: { start: number; duration: number }[] = []) {
  const m = /^(\d+),(\d+)$/.exec(v);
  if (!m) throw new UsageError('--window must be START,DURATION in unix seconds');
  return [...prev, { start: Number(m[1]), duration: Number(m[2]) }];
}

async function walkCmd(
  flags: {
    task: string;
    window: { start: number; duration: number }[];
    threshold: string;
    ledger?: string;
    timeout: string;
    json?: boolean;
  },
  cmd: Command,
): Promise<void> {
  const ctx = contextFor(cmd, flags);
  const file = readTaskFile(flags.task, 'collector');
  const threshold = posInt(flags.threshold, '--threshold');
  const ledger = await walkWindows(file, flags.window, ledgerOf(ctx, flags.ledger), {
    threshold,
    timeoutMs: posInt(flags.timeout, '--timeout') * 1000,
    onWindow: (s) => {
      ctx.out.progress(`walking the window starting ${s}`);
    },
  });
  printCampaigns(ctx, liveCampaigns(ledger, 0));
}

function printCampaigns(ctx: CommandContext, list: ReturnType<typeof liveCampaigns>): void {
  ctx.out.result({ campaigns: list }, (v) =>
    v.campaigns.length === 0
      ? 'no campaign'
      : v.campaigns
          .map(
            (c) =>
              `${c.bits}  first seen ${c.first_seen}  orgs per window ${JSON.stringify(c.windows)}`,
          )
          .join('\n'),
  );
}

function listCmd(flags: { ledger?: string; since: string; json?: boolean }, cmd: Command): void {
  const ctx = contextFor(cmd, flags);
  printCampaigns(
    ctx,
    liveCampaigns(readLedger(ledgerOf(ctx, flags.ledger), 1), Number(flags.since)),
  );
}

interface TargetFlags {
  ledger?: string;
  since: string;
  bits?: string;
  out: string;
  pack?: boolean;
  forms?: string;
  version?: string;
  json?: boolean;
}

async function targetCmd(flags: TargetFlags, cmd: Command): Promise<void> {
  const ctx = contextFor(cmd, flags);
  const t = campaignTarget(
    readLedger(ledgerOf(ctx, flags.ledger), 1),
    Number(flags.since),
    flags.bits === undefined ? undefined : posInt(flags.bits, '--bits'),
  );
  if (flags.pack === true) {
    const version = flags.version ?? `1.0.${Math.floor(Date.now() / 60_000)}`;
    const forms = readForms(formsOf(ctx, flags.forms));
    const doc = campaignPack(t, forms, await loadShellParser(), version);
    writeFileAtomic(flags.out, JSON.stringify(doc, null, 2) + '\n');
    ctx.out.result(
      { out: flags.out, pack: CAMPAIGN_PACK, version, campaigns: t.campaigns.length },
      (v) => `${v.campaigns} campaign(s) -> pack ${v.pack} ${v.version} at ${v.out}`,
    );
    return;
  }
  writeFileAtomic(flags.out, JSON.stringify(t, null, 2) + '\n');
  ctx.out.result(
    { out: flags.out, campaigns: t.campaigns.length },
    (v) => `${v.campaigns} campaign(s) -> ${v.out}`,
  );
}

/** Registers `mesh campaigns`. */
export function registerCampaigns(program: Command): void {
  const c = program
    .command('campaigns')
    .description('fingerprints of blocked calls, and attacks many organisations see (Poplar1)');
  c.command('fingerprint')
    .description('NDJSON guard events on stdin -> one fingerprint per line; forms kept locally')
    .option('--outcome <o>', 'block|escalate|near-miss', 'block')
    .option('--bits <n>', "fingerprint width (the Poplar1 task's --bits)", String(FINGERPRINT_BITS))
    .option('--forms <file>', 'form log (default: STATE/campaigns/forms.json)')
    .option('--json', 'print {"fingerprint", "hex", "form"} per event')
    .action(fingerprintCmd);
  c.command('explain <fingerprint>')
    .description('the canonical form behind a fingerprint this node reported')
    .option('--forms <file>', 'form log (default: STATE/campaigns/forms.json)')
    .option('--json', 'print one JSON object')
    .action(explainCmd);
  c.command('walk')
    .description("collector: walk each window's Poplar1 collection and record the campaigns")
    .requiredOption('--task <file>', 'collector.json of the fingerprints task (Poplar1)')
    .requiredOption(
      '--window <start,duration>',
      'unix seconds; repeat for more windows',
      windowFlag,
    )
    .requiredOption('--threshold <n>', 'organisations a fingerprint needs in one window')
    .option('--ledger <file>', 'campaign ledger (default: STATE/campaigns/ledger.json)')
    .option('--timeout <seconds>', 'per collection', '120')
    .option('--json', 'print {"campaigns": [...]}')
    .action(walkCmd);
  c.command('list')
    .description('campaigns in the ledger seen since --since')
    .option('--ledger <file>', 'campaign ledger (default: STATE/campaigns/ledger.json)')
    .option('--since <unix-seconds>', 'only campaigns seen in a window starting here or later', '0')
    .option('--json', 'print {"campaigns": [...]}')
    .action(listCmd);
  c.command('target')
    .description('write the live campaigns as a pack target file for the similarity guard')
    .requiredOption('--out <file>', 'target file to write')
    .option('--ledger <file>', 'campaign ledger (default: STATE/campaigns/ledger.json)')
    .option('--since <unix-seconds>', 'live: seen in a window starting here or later', '0')
    .option('--bits <n>', "fingerprint width (default: the ledger's, the walk's Poplar1 --bits)")
    .option('--pack', 'write a pack (rule campaign.live) to publish, instead of the bare target')
    .option(
      '--forms <file>',
      "with --pack: forms of live campaigns for the rule's examples (default: STATE/campaigns/forms.json)",
    )
    .option(
      '--version <semver>',
      'with --pack: the pack version (default 1.0.<minutes since 1970>)',
    )
    .option('--json', 'print one JSON object')
    .action(targetCmd);
}
