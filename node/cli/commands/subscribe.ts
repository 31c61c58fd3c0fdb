// `mesh subscribe mesh:<pack>@<ring>`: TUF refresh from a mirror, the pack's tlog-proof, consistency
// with the last accepted checkpoint and a witness quorum (DESIGN.md "Subscribe"). Any failure keeps
// the last good pack, says why with a coded error, and exits 1.
import type { Command } from 'commander';
import { PackError } from '../../../packs/index.js';
import {
  parseSubscriptionSpec,
  readSubscription,
  refreshSubscription,
  subscriptionDir,
} from '../../subscription/index.js';
import { UsageError } from '../../errors.js';
import { contextFor } from '../context.js';
import { EXIT_FAILURE } from '../exit-codes.js';

interface SubscribeFlags {
  mirror?: string;
  root?: string;
  logKey?: string[];
  witness?: string[];
  quorum?: string;
  gossip?: string[];
  json?: boolean;
}

const collect = (v: string, prev: string[] = []): string[] => [...prev, v];

export function registerSubscribe(program: Command): void {
  program
    .command('subscribe')
    .description('fetch and verify a community pack: TUF, transparency log, witnesses, gossip')
    .argument('<spec>', 'mesh:<pack>@<ring>, e.g. mesh:coding-agent@canary')
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
    .option('--quorum <n>', 'witness cosignatures required (default: all --witness)')
    .option(
      '--gossip <url>',
      'peer serving /gossip/checkpoints (repeatable; default: the mirror)',
      collect,
    )
    .option('--json', 'print one JSON object')
    .action(async (spec: string, f: SubscribeFlags, cmd: Command) => {
      const ctx = contextFor(cmd, f);
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
          ...(f.gossip !== undefined ? { gossip: f.gossip } : {}),
        });
        ctx.out.result(
          {
            ok: true,
            subscription: s.id,
            pack: state.good,
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
    });
}
