// `mesh dap keys list|add|activate|expire`: HPKE key rotation of a DAP aggregator (DAP-18 §4.4.1) on
// the pending -> active -> expired lifecycle, live through a running server's admin socket or on the
// store of a stopped one.
import { join } from 'node:path';
import type { Command } from 'commander';
import { openKeyAdmin, type KeyAdmin, type KeyInfo } from '../../../dap/index.js';
import { UsageError } from '../../errors.js';
import { contextFor } from '../context.js';

interface KeyFlags {
  data: string;
  role: string;
  json?: boolean;
}

function roleDir(flags: KeyFlags): string {
  if (flags.role !== 'dap-leader' && flags.role !== 'dap-helper')
    throw new UsageError('--role must be dap-leader or dap-helper');
  return join(flags.data, flags.role);
}

function configId(v: string): number {
  const n = Number(v);
  if (!/^[0-9]{1,3}$/.test(v) || n > 255)
    throw new UsageError(`config id must be 0..255, got ${v}`, 'see `mesh dap keys list`');
  return n;
}

async function withAdmin<T>(
  flags: KeyFlags,
  f: (a: KeyAdmin) => Promise<T>,
): Promise<{ value: T; live: boolean }> {
  const admin = await openKeyAdmin(roleDir(flags));
  try {
    return { value: await f(admin), live: admin.live };
  } finally {
    await admin.close();
  }
}

const where = (live: boolean): string =>
  live ? ' (applied by the running server)' : " (in the stopped server's store)";

const human = (keys: KeyInfo[]): string =>
  keys
    .map(
      (k) =>
        `${String(k.id).padStart(3)}  ${k.state.padEnd(8)} ${k.advertised ? 'advertised' : ''}`,
    )
    .join('\n');

export function registerDapKeys(dap: Command): void {
  const keys = dap
    .command('keys')
    .description('rotate the HPKE keys of a DAP aggregator, running or stopped')
    .addHelpText(
      'after',
      `
Lifecycle: pending (decrypts, not advertised) -> active (advertised at hpke_config) -> expired
(refused: reports sealed to it get outdated_config and clients refetch hpke_config).
Rotation: add; activate the new key (the old one stays active, so cached configs keep working);
once clients have refetched, expire the old key. A running mesh serve applies each change at once
through its admin socket (<data>/<role>/admin/admin.sock, 0600); with no server running the
command changes the store directly.`,
    );
  const common = (c: Command): Command =>
    c
      .requiredOption('--data <dir>', 'the --data directory of `mesh serve`')
      .option('--role <role>', 'dap-leader|dap-helper', 'dap-leader')
      .option('--json', 'print JSON');
  common(
    keys.command('list').description('every stored key, its state and whether advertised'),
  ).action(async (flags: KeyFlags, cmd: Command) => {
    const ctx = contextFor(cmd, flags);
    const { value: list } = await withAdmin(flags, (a) => a.list());
    ctx.out.result({ keys: list }, (v) => human(v.keys));
  });
  common(keys.command('add').description('create a pending key (not advertised yet)')).action(
    async (flags: KeyFlags, cmd: Command) => {
      const ctx = contextFor(cmd, flags);
      const { value: id, live } = await withAdmin(flags, (a) => a.add());
      ctx.out.result(
        { id, state: 'pending' },
        (v) => `added pending HPKE key ${v.id}${where(live)}`,
      );
    },
  );
  for (const [name, state, what] of [
    ['activate', 'active', 'advertise a pending key at hpke_config'],
    ['expire', 'expired', 'stop advertising and decrypting with a key'],
  ] as const)
    common(keys.command(`${name} <id>`).description(what)).action(
      async (id: string, flags: KeyFlags, cmd: Command) => {
        const ctx = contextFor(cmd, flags);
        const n = configId(id);
        const { live } = await withAdmin(flags, (a) => a.setState(n, state));
        ctx.out.result({ id: n, state }, (v) => `HPKE key ${v.id} is now ${v.state}${where(live)}`);
      },
    );
}
