// `mesh report init|enable|disable|status|build|submit`: the node's contribution (docs/architecture.md "Report"). Off
// until the operator enables it; `disable` is the kill switch, checked again right before upload.
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { DapClient, messages } from '../../../dap/index.js';
import { attachTokens } from '../../tokens/report-tokens.js';
import { UsageError } from '../../errors.js';
import { decodeReport, encodeReport, layoutOf } from '../../consensus/index.js';
import { gatherEvidence, type Window } from '../../report/evidence.js';
import { memberTier, type MemberTier } from '../../report/member-tier.js';
import { loadKeyFile } from '../../../tuf/index.js';
import { consentedPart } from '../../report/consent-window.js';
import { ReportLedger } from '../../report/ledger.js';
import { reportStatus, reportStatusHuman } from '../../report/status.js';
import { subscribedTask } from '../../report/task-source.js';
import { loadConfig, saveConfig } from '../../state/config.js';
import { parseSubscriptionSpec, resolveSubscribedPack } from '../../subscription/index.js';
import { contextFor, type CommandContext } from '../context.js';

const DEFAULT_WINDOW = 3600;

interface Setup {
  pack: string;
  windowSeconds: number;
  enabled: boolean;
  /** The operator's ceiling on the tier slot (never a way to raise it). */
  tierCeiling?: number;
  enabledAt?: number;
}

function setup(ctx: CommandContext): Setup {
  const r = ctx.state().config.reporting;
  if (r.pack === undefined) {
    throw new UsageError(
      'reporting is not set up',
      'run: mesh report init --pack mesh:<pack>@<ring>',
    );
  }
  return {
    pack: r.pack,
    windowSeconds: r.windowSeconds ?? DEFAULT_WINDOW,
    enabled: r.enabled,
    ...(r.tier === undefined ? {} : { tierCeiling: r.tier }),
    ...(r.enabledAt === undefined ? {} : { enabledAt: r.enabledAt }),
  };
}

function catalogOf(stateRoot: string, spec: string): string[] {
  const doc = JSON.parse(readFileSync(resolveSubscribedPack(stateRoot, spec), 'utf8')) as {
    catalog: string[];
  };
  return doc.catalog;
}

/** The window to report: the one starting at --window, else the last one that has ended. */
function windowOf(flag: string | undefined, seconds: number, now = Date.now() / 1000): Window {
  if (flag !== undefined) {
    const start = Number(flag);
    if (!Number.isSafeInteger(start) || start % seconds !== 0) {
      throw new UsageError(
        `--window ${flag} must be unix seconds aligned to the ${seconds}-second window`,
      );
    }
    return { start, duration: seconds };
  }
  return { start: Math.floor(now / seconds) * seconds - seconds, duration: seconds };
}

/** The organisation's public key from --org-key FILE (an `org` key file). */
function orgPublicKey(file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  try {
    return loadKeyFile(file, 'org').signer.key.publicKey;
  } catch (e) {
    throw new UsageError((e as Error).message, 'make one with mesh org new --name NAME --out FILE');
  }
}

async function build(
  ctx: CommandContext,
  windowFlag: string | undefined,
  orgKey: string | undefined,
  consentOnly = false,
) {
  const s = setup(ctx);
  const catalog = catalogOf(ctx.stateRoot, s.pack);
  const window = windowOf(windowFlag, s.windowSeconds);
  // What is sent covers only what happened after the operator said yes; before any consent,
  // build previews the whole window.
  const counted =
    consentOnly || s.enabledAt !== undefined ? consentedPart(window, s.enabledAt) : window;
  const evidence = gatherEvidence(ctx.state().path('guard'), counted);
  // The task's vector length fixes the layout: 4 signals per catalog rule, then the tier slots.
  const below = ctx.state().config.reporting.belowConsentFloor === true;
  const layout = layoutOf(
    catalog,
    subscribedTask(ctx.stateRoot, s.pack, below).task.task.vdaf.length ?? 0,
  );
  const reportDir = ctx.state().path('report', parseSubscriptionSpec(s.pack).id);
  const tier: MemberTier = await memberTier(
    ctx.stateRoot,
    s.pack,
    reportDir,
    layout.tiers,
    orgPublicKey(orgKey),
    s.tierCeiling,
  );
  const vector = encodeReport(layout, { ...evidence.signals, tier: tier.slot });
  return { setup: s, catalog, layout, window, receipts: evidence.receipts, vector, tier };
}

function setEnabled(ctx: CommandContext, enabled: boolean): void {
  const dir = ctx.state();
  const config = loadConfig(dir.configPath);
  if (enabled && config.reporting.pack === undefined) {
    throw new UsageError(
      'reporting is not set up',
      'run: mesh report init --pack mesh:<pack>@<ring>',
    );
  }
  if (enabled && !config.reporting.enabled) config.reporting.enabledAt = nowSeconds();
  config.reporting.enabled = enabled;
  saveConfig(dir.configPath, config);
}

// Rounded up: a receipt from earlier in the second consent was given is never counted (the safe side).
const nowSeconds = (): number => Math.ceil(Date.now() / 1000);

export function registerReport(program: Command): void {
  const report = program
    .command('report')
    .description("the node's contribution of rule-hit counts (off until enabled)");
  report
    .command('init')
    .description('choose the subscribed pack whose catalog and DAP task reports use (stays off)')
    .requiredOption('--pack <spec>', 'mesh:<pack>@<ring>, already subscribed')
    .option('--window <seconds>', 'report window length', String(DEFAULT_WINDOW))
    .option('--enable', 'also turn reporting on')
    .option(
      '--below-consent-floor',
      'demos and tests only: report to a task under the consent batch-size floor (mesh doctor warns)',
    )
    .option(
      '--tier <slot>',
      'a ceiling on the tier slot (it comes from the verified member list; this can only lower it)',
    )
    .option('--json', 'print one JSON object')
    .action(
      (
        flags: {
          pack: string;
          window: string;
          tier?: string;
          enable?: boolean;
          belowConsentFloor?: boolean;
          json?: boolean;
        },
        cmd: Command,
      ) => {
        const ctx = contextFor(cmd, flags);
        parseSubscriptionSpec(flags.pack);
        const windowSeconds = Number(flags.window);
        if (!Number.isSafeInteger(windowSeconds) || windowSeconds < 60)
          throw new UsageError('--window must be an integer >= 60');
        const below = flags.belowConsentFloor === true;
        const { task } = subscribedTask(ctx.stateRoot, flags.pack, below);
        const tier = flags.tier === undefined ? undefined : Number(flags.tier);
        const catalog = catalogOf(ctx.stateRoot, flags.pack);
        const layout = layoutOf(catalog, task.task.vdaf.length ?? 0);
        if (tier !== undefined && (!Number.isSafeInteger(tier) || tier < 0 || tier >= layout.tiers))
          throw new UsageError(`--tier must be an integer in [0, ${layout.tiers}) for this task`);
        const dir = ctx.state();
        const config = loadConfig(dir.configPath);
        const was = config.reporting;
        const enabledAt =
          flags.enable !== true ? undefined : was.enabled ? was.enabledAt : nowSeconds();
        config.reporting = {
          enabled: flags.enable === true,
          pack: flags.pack,
          windowSeconds,
          ...(below ? { belowConsentFloor: true } : {}),
          ...(tier === undefined ? {} : { tier }),
          ...(enabledAt === undefined ? {} : { enabledAt }),
        };
        saveConfig(dir.configPath, config);
        ctx.out.result(
          {
            pack: flags.pack,
            enabled: flags.enable === true,
            windowSeconds,
            rules: catalog.length,
            ...(tier === undefined ? {} : { tierCeiling: tier }),
            tiers: layout.tiers,
            leader: task.task.leader,
            helper: task.task.helper,
          },
          (r) =>
            `reporting set up for ${r.pack}: one report per ${r.windowSeconds} s window, ${r.rules} rules\n` +
            `each report: per rule, did it fire, was it marked a false positive, was a call it escalated\n` +
            `  approved, or rejected (0/1 each), and its organisation's tier slot (of ${r.tiers}, from\n` +
            `  the verified member list), as secret shares to\n` +
            `  leader ${r.leader}\n  helper ${r.helper}\n` +
            (r.enabled
              ? 'reporting is ON (mesh report disable stops it)'
              : 'reporting is OFF until: mesh report enable'),
        );
      },
    );
  for (const [name, on] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    report
      .command(name)
      .description(
        on
          ? 'turn reporting on'
          : 'kill switch: stop reporting now (also an upload about to start)',
      )
      .option('--json', 'print one JSON object')
      .action((flags: { json?: boolean }, cmd: Command) => {
        const ctx = contextFor(cmd, flags);
        setEnabled(ctx, on);
        ctx.out.result({ enabled: on }, (r) => `reporting is ${r.enabled ? 'ON' : 'OFF'}`);
      });
  }
  report
    .command('status')
    .description(
      'is reporting on, to which aggregators, and which windows were prepared or submitted',
    )
    .option('--json', 'print one JSON object')
    .action((flags: { json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, flags);
      const dir = ctx.state();
      ctx.out.result(
        reportStatus(ctx.stateRoot, dir.config.reporting, (id) => dir.path('report', id)),
        reportStatusHuman,
      );
    });
  report
    .command('build')
    .description('show the report a window would send, without sending it')
    .option('--window <start>', 'window start (unix seconds); default: the last complete window')
    .option('--org-key <file>', "your organisation's key: its tier comes from the member list")
    .option('--json', 'print one JSON object')
    .action(async (flags: { window?: string; orgKey?: string; json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, flags);
      const b = await build(ctx, flags.window, flags.orgKey);
      const s = decodeReport(b.layout, b.vector);
      const bit = (set: ReadonlySet<string>, id: string) => (set.has(id) ? 1 : 0);
      ctx.out.result(
        {
          pack: b.setup.pack,
          window: b.window,
          receipts: b.receipts,
          vector: b.vector,
          rules: b.catalog,
          tier: s.tier,
          tiers: b.layout.tiers,
          tierSource: b.tier.source,
          ...(b.tier.org === undefined ? {} : { org: b.tier.org }),
        },
        (r) =>
          `${r.pack} window ${new Date(r.window.start * 1000).toISOString()} (${r.receipts} receipts), tier ${r.tier} of ${r.tiers}\n` +
          r.rules
            .map(
              (id) =>
                `  ${id.padEnd(40)} hit ${bit(s.hits, id)}  false-positive ${bit(s.falsePositiveMarks, id)}  approved ${bit(s.approvals, id)}  rejected ${bit(s.rejections, id)}`,
            )
            .join('\n'),
      );
    });
  report
    .command('submit')
    .description('send one window as a Prio3SumVec report through DAP (never twice per window)')
    .option('--window <start>', 'window start (unix seconds); default: the last complete window')
    .option(
      '--org-key <file>',
      "your organisation's key: its tier from the member list, and tokens when the task requires them",
    )
    .option('--json', 'print one JSON object')
    .action(async (flags: { window?: string; orgKey?: string; json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, flags);
      if (!setup(ctx).enabled) throw new UsageError('reporting is off', 'run: mesh report enable');
      const b = await build(ctx, flags.window, flags.orgKey, true);
      const { task } = subscribedTask(
        ctx.stateRoot,
        b.setup.pack,
        ctx.state().config.reporting.belowConsentFloor === true,
      );
      const client = new DapClient(task);
      if (flags.orgKey !== undefined) attachTokens(client, flags.orgKey);
      else if (task.issuer !== undefined)
        throw new UsageError('this task requires a token per report', 'give --org-key FILE');
      const ledger = new ReportLedger(
        ctx.state().path('report', parseSubscriptionSpec(b.setup.pack).id),
      );
      const key = String(b.window.start);
      const prepare = async () => {
        const rep = await client.prepare({ measurement: b.vector, timeSeconds: b.window.start });
        return {
          reportId: Buffer.from(rep.metadata.reportId).toString('hex'),
          report: Buffer.from(messages.encodeReport(rep)).toString('base64'),
        };
      };
      const bytes = (p: { report: string }) => new Uint8Array(Buffer.from(p.report, 'base64'));
      const outcome = await ledger.submit(key, prepare, async (prepared) => {
        // The kill switch wins even over a report prepared before it was pulled.
        if (!loadConfig(ctx.state().configPath).reporting.enabled)
          throw new UsageError('reporting was disabled', 'nothing was sent');
        // A report sealed to a key the Leader has since expired is replaced once (outdated_config).
        await client.uploadEncoded([bytes(prepared)], async () =>
          bytes(await ledger.renew(key, prepare)),
        );
      });
      ctx.out.result(
        { ...outcome, window: b.window },
        (r) => `${r.outcome}: report ${r.reportId} for window ${r.window.start}`,
      );
    });
}
