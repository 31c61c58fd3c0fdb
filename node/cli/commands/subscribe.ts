// `mesh subscribe mesh:<pack>@<ring>`: TUF refresh from a mirror, the pack's tlog-proof, consistency
// with the last accepted checkpoint and a witness quorum (docs/architecture.md "Subscribe"). Any failure keeps
// the last good pack, says why with a coded error, and exits 1. `--watch SECONDS` then keeps
// refreshing every subscription of the node in the foreground (the subscription scheduler).
import type { Command } from 'commander';
import { PackError } from '../../../packs/index.js';
import {
  parseSubscriptionSpec,
  listSubscriptions,
  optOutWarnings,
  readSubscription,
  refreshSubscription,
  runScheduler,
  subscriptionDir,
} from '../../subscription/index.js';
import { UsageError } from '../../errors.js';
import { contextFor, type CommandContext } from '../context.js';
import { EXIT_FAILURE } from '../exit-codes.js';
import { collect } from '../repeatable-option.js';

interface SubscribeFlags {
  mirror?: string;
  root?: string;
  logKey?: string[];
  witness?: string[];
  quorum?: string;
  /** commander: the URLs of --gossip, or false for --no-gossip */
  gossip?: string[] | false;
  allowNoWitness?: boolean;
  watch?: string;
  rounds?: string;
  json?: boolean;
}

/** `--watch`: every subscription of the node, refreshed in the foreground, one line per refresh. */
async function watchSubscriptions(
  ctx: CommandContext,
  seconds: number,
  rounds: number | undefined,
): Promise<void> {
  const stateRoot = ctx.state().root;
  if (listSubscriptions(stateRoot).length === 0)
    throw new UsageError(
      'this node has no subscriptions to watch',
      'subscribe first: mesh subscribe mesh:<pack>@<ring> --mirror URL --root root.json --log-key VKEY',
    );
  const abort = new AbortController();
  const stop = (): void => {
    abort.abort();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  ctx.out.progress(`watching ${listSubscriptions(stateRoot).join(', ')} every ${seconds} s`);
  try {
    await runScheduler({
      stateRoot,
      intervalMs: seconds * 1000,
      ...(rounds !== undefined ? { rounds } : {}),
      signal: abort.signal,
      onStart: (id) => {
        ctx.out.progress(`refreshing ${id}`);
      },
      onUpdate: (id, { state }, changed) => {
        ctx.out.result(
          { ok: true, subscription: id, changed, pack: state.good ?? null },
          (r) =>
            `${r.subscription}: verified ${r.pack?.packVersion ?? '?'} (${r.changed ? 'new' : 'unchanged'})`,
        );
      },
      onError: (id, e) => {
        const code = (e as { code?: unknown }).code;
        const kept = readSubscription(subscriptionDir(stateRoot, id))?.good ?? null;
        ctx.out.result(
          {
            ok: false,
            subscription: id,
            error: {
              code: typeof code === 'string' ? code : 'internal',
              message: (e as Error).message,
            },
            kept,
          },
          (r) =>
            `${r.subscription}: REFUSED [${r.error.code}] ${r.error.message}; ` +
            (r.kept === null ? 'no pack accepted yet' : `kept ${r.kept.packVersion}`),
        );
        process.exitCode = EXIT_FAILURE;
      },
    });
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

export function registerSubscribe(program: Command): void {
  program
    .command('subscribe')
    .description('fetch and verify a community pack: TUF, transparency log, witnesses, gossip')
    .argument('[spec]', 'mesh:<pack>@<ring>, e.g. mesh:coding-agent@canary (optional with --watch)')
    .option('--mirror <url>', 'mirror serving /metadata, /targets, /log (remembered)')
    .option('--root <file>', 'the initial trusted root.json (required the first time)')
    .option(
      '--log-key <vkey>',
      "the log's signed-note verifier key (repeatable; remembered)",
      collect,
    )
    .option(
      '--witness <vkey>',
      'a trusted witness cosignature key (repeatable; remembered)',
      collect,
    )
    .option(
      '--quorum <n>',
      'witness cosignatures required (default: all --witness; never below the governance quorum)',
    )
    .option(
      '--allow-no-witness',
      'accept packs with fewer cosignatures than the governance witness quorum (remembered; mesh doctor warns)',
    )
    .option(
      '--gossip <url>',
      'peer serving /gossip/checkpoints (repeatable; default: the mirror); a peer that does not answer fails the refresh',
      collect,
    )
    .option('--no-gossip', 'do not gossip at all (remembered; mesh doctor warns)')
    .option(
      '--watch <seconds>',
      'then keep refreshing every subscription of this node on this interval, in the foreground',
    )
    .option('--rounds <n>', 'with --watch: stop after N rounds (default: until interrupted)')
    .option('--json', 'print one JSON object (with --watch: one per refresh, NDJSON)')
    .addHelpText(
      'after',
      `
Fail-closed defaults: a pack needs the governance witness quorum (2 of the trusted --witness
keys) and a gossip exchange with every --gossip peer (default: the mirror); a split view is kept
under <state>/split-views and fails mesh doctor until: mesh gossip clear-evidence. The explicit
opt-outs --allow-no-witness and --no-gossip are remembered and reported by mesh doctor.

Watch mode: mesh subscribe --watch 3600 refreshes every subscription under <state>/subscriptions
once per interval (with a little jitter), printing one line per refresh: verified (new or
unchanged) or REFUSED with the reason; a refused refresh keeps the last good pack. Running guards
(mesh guard mcp --pack mesh:<pack>@<ring>) reload a newly verified pack on their own. Stop with
Ctrl-C. Give a spec (and its trust flags) to subscribe to it first.`,
    )
    .action(async (spec: string | undefined, f: SubscribeFlags, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const watchSeconds = f.watch === undefined ? undefined : Number(f.watch);
      if (watchSeconds !== undefined && !(Number.isSafeInteger(watchSeconds) && watchSeconds > 0))
        throw new UsageError('--watch must be a positive number of seconds');
      const rounds = f.rounds === undefined ? undefined : Number(f.rounds);
      if (rounds !== undefined && !(Number.isSafeInteger(rounds) && rounds > 0))
        throw new UsageError('--rounds must be a positive integer');
      if (spec === undefined) {
        if (watchSeconds === undefined)
          throw new UsageError(
            'give a subscription spec',
            'mesh subscribe mesh:coding-agent@canary --mirror URL --root root.json --log-key VKEY',
          );
        await watchSubscriptions(ctx, watchSeconds, rounds);
        return;
      }
      const s = parseSubscriptionSpec(spec);
      const quorum = f.quorum === undefined ? undefined : Number(f.quorum);
      if (quorum !== undefined && !Number.isInteger(quorum))
        throw new UsageError('--quorum must be an integer');
      const stateRoot = ctx.state().root;
      ctx.out.progress(`refreshing ${spec}`);
      try {
        const { state, fetched } = await refreshSubscription(stateRoot, s, {
          ...(f.mirror !== undefined ? { mirror: f.mirror } : {}),
          ...(f.root !== undefined ? { rootFile: f.root } : {}),
          ...(f.logKey !== undefined ? { logKeys: f.logKey } : {}),
          ...(f.witness !== undefined ? { witnesses: f.witness } : {}),
          ...(quorum !== undefined ? { quorum } : {}),
          ...(Array.isArray(f.gossip) ? { gossip: f.gossip } : {}),
          ...(f.gossip === false ? { noGossip: true } : {}),
          ...(f.allowNoWitness === true ? { allowNoWitness: true } : {}),
        });
        for (const w of optOutWarnings(state.trust)) ctx.out.progress(`warning: ${w}`);
        ctx.out.result(
          {
            ok: true,
            subscription: s.id,
            pack: state.good,
            optOuts: optOutWarnings(state.trust),
            log: {
              size: fetched.log.size,
              index: fetched.log.index,
              witnesses: fetched.log.witnesses,
              gossip: fetched.log.gossip,
            },
          },
          (r) =>
            `${r.subscription}: verified ${fetched.meta.name} ${fetched.meta.version} ` +
            `(${r.pack?.role} v${r.pack?.roleVersion}), log entry ${r.log.index} of ${r.log.size}, ` +
            `cosigned by ${r.log.witnesses.join(', ') || 'no witness (quorum 0)'}\n${r.pack?.file}`,
        );
      } catch (e) {
        if (e instanceof UsageError || !(e instanceof PackError)) throw e;
        const kept = readSubscription(subscriptionDir(stateRoot, s.id))?.good;
        ctx.out.result(
          {
            ok: false,
            subscription: s.id,
            error: { code: e.code, message: e.message, ...(e.hint ? { hint: e.hint } : {}) },
            kept: kept ?? null,
          },
          (r) =>
            `${r.subscription}: REFUSED [${r.error.code}] ${r.error.message}\n` +
            (r.kept === null ? 'no pack accepted yet' : `kept the last good pack ${r.kept.file}`) +
            (e.hint ? `\n  next: ${e.hint}` : ''),
        );
        process.exitCode = EXIT_FAILURE;
      }
      if (watchSeconds !== undefined) await watchSubscriptions(ctx, watchSeconds, rounds);
    });
}
