// `mesh sensor exec|build`: run a command under the eBPF sensor; build the loader on this machine.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { dirname } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Command } from 'commander';
import { buildLoader, missingPackages, SensorError } from '../../../bpf/index.js';
import { createFlowTracker, ReceiptStore, ReceiptWriter } from '../../../guard/index.js';
import { runSensorExec } from '../../sensor/index.js';
import { NodeError, UsageError } from '../../errors.js';
import { contextFor, type CommandContext } from '../context.js';
import { loadNodeKey } from './guard.js';
import { readSecretLines } from '../../guard/secret-lines.js';
import { EXIT_FAILURE } from '../exit-codes.js';
import { collect } from '../repeatable-option.js';

async function resolveHosts(hosts: string[]): Promise<string[]> {
  const out = new Set<string>();
  for (const h of hosts) {
    if (isIP(h)) {
      out.add(h);
      continue;
    }
    try {
      for (const a of await lookup(h, { all: true })) out.add(a.address);
    } catch {
      throw new UsageError(
        `--allow-host ${h} does not resolve`,
        'give an IP address or a resolvable name',
      );
    }
  }
  return [...out];
}

function asNodeError(e: unknown): unknown {
  return e instanceof SensorError
    ? new NodeError('io_failed', `${e.code}: ${e.message}`, e.hint)
    : e;
}

interface ExecOpts {
  secretFile: string[];
  allowHost: string[];
  arm?: boolean;
  session?: string;
  receipts?: string | false;
  nodeKey?: string;
}

/** The node's receipt chain (shared with `mesh guard`), unless --no-receipts. */
function openReceipts(ctx: CommandContext, opts: ExecOpts): ReceiptStore | null {
  if (opts.receipts === false) return null;
  const file = opts.receipts ?? ctx.state().path('guard', 'receipts.db');
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const keyPath = opts.nodeKey ?? ctx.state().path('keys', 'node.key');
  return new ReceiptStore(file, loadNodeKey(keyPath, opts.nodeKey === undefined));
}

export function registerSensor(program: Command): void {
  const sensor = program
    .command('sensor')
    .description(
      'the eBPF sensor: watch a command and kill it if its egress carries a registered secret',
    );

  // Subcommands throw commander errors to runCli too, so a usage mistake exits 2 there.
  sensor
    .command('exec')
    .exitOverride()
    .description(
      'run CMD in a cgroup of its own under the sensor; events and verdicts as NDJSON on stdout',
    )
    .option(
      '--secret-file <file>',
      'watch for each non-empty line of FILE as a secret (repeatable)',
      collect,
      [],
    )
    .option(
      '--allow-host <host>',
      'a destination CMD may reach (repeatable); others are reported',
      collect,
      [],
    )
    .option(
      '--arm',
      'refuse destinations outside --allow-host in the kernel (cgroup/connect4/6, sendmsg4/6)',
    )
    .option('--session <id>', 'the guard session CMD belongs to', 'sensor')
    .option('--receipts <file>', 'receipt store (default: <state>/guard/receipts.db)')
    .option('--no-receipts', 'do not write receipts')
    .option(
      '--node-key <file>',
      'Ed25519 key that signs receipt heads (default: <state>/keys/node.key)',
    )
    .argument('<cmd...>', 'the command and its arguments (after --)')
    .addHelpText(
      'after',
      "\nCMD's own stdout and stderr go to stderr. Exit code: CMD's, or 1 when the sensor killed it.\n" +
        'Needs root, a BTF kernel and a built loader (`mesh sensor build`).',
    )
    .action(async (argv: string[], opts: ExecOpts, cmd: Command) => {
      const ctx = contextFor(cmd, {});
      if (opts.arm && opts.allowHost.length === 0)
        throw new UsageError(
          '--arm needs at least one --allow-host',
          'add --allow-host 127.0.0.1 (or your API host)',
        );
      const secrets = opts.secretFile.flatMap(readSecretLines);
      const allowAddrs = await resolveHosts(opts.allowHost);
      const matcher = createFlowTracker();
      for (const s of secrets) {
        try {
          matcher.registerSecret(s.value, s.label);
        } catch (e) {
          throw new UsageError((e as Error).message, 'register a longer, random secret', {
            cause: e,
          });
        }
      }
      const store = openReceipts(ctx, opts);
      try {
        const r = await runSensorExec({
          command: argv,
          matcher,
          allowAddrs,
          arm: opts.arm === true,
          session: opts.session ?? 'sensor',
          emit: (rec) => process.stdout.write(JSON.stringify(rec) + '\n'),
          stdio: 'stderr',
          ...(store ? { receipts: new ReceiptWriter(store) } : {}),
        });
        process.exitCode = r.killed ? EXIT_FAILURE : (r.exitCode ?? EXIT_FAILURE);
      } catch (e) {
        throw asNodeError(e);
      } finally {
        store?.close();
      }
    });

  sensor
    .command('build')
    .exitOverride()
    .description(
      'build the sensor loader here (vmlinux.h from this kernel, CO-RE object, skeleton)',
    )
    .option('--force', 'rebuild from scratch')
    .option('--json', 'print one JSON object')
    .action(async (opts: { force?: boolean; json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      const missing = missingPackages();
      if (missing.length > 0) {
        ctx.out.result(
          { ok: false, missing },
          (r) =>
            `missing Debian packages: ${r.missing.join(' ')}\nnext: apt-get install -y ${r.missing.join(' ')}`,
        );
        process.exitCode = EXIT_FAILURE;
        return;
      }
      ctx.out.progress('building the sensor loader (make -C bpf)');
      try {
        const r = await buildLoader({ force: opts.force === true });
        ctx.out.result({ ok: true, loader: r.loader, missing: [] }, (v) => `built ${v.loader}`);
      } catch (e) {
        throw asNodeError(e);
      }
    });
}
