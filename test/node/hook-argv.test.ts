// docs/guard.md "Hook start-up": the hook daemon reads a hook's argv without commander; whatever
// argv it reads, it reads as the `mesh guard hook claude-code` command does, and it hands every
// argv it does not read back to that command.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { baseProgram } from '../../node/cli/base-program.js';
import { addGuardHook, type HookFlags } from '../../node/cli/commands/guard-hook.js';
import { registerGuard } from '../../node/cli/commands/guard.js';
import {
  HOOK_FLAG_OPTIONS,
  HOOK_VALUE_OPTIONS,
  parseHookArgv,
} from '../../node/guard/hook-argv.js';
import { FC_RUNS } from '../support/env.js';

function program(): { program: Command; hook: Command } {
  const p = baseProgram();
  registerGuard(p, [addGuardHook]);
  p.exitOverride();
  const hook = p.commands
    .find((c) => c.name() === 'guard')
    ?.commands.find((c) => c.name() === 'hook')
    ?.commands.find((c) => c.name() === 'claude-code');
  if (hook === undefined) throw new Error('no hook command');
  return { program: p, hook };
}

/** What commander hands the hook's action for `argv`, or null when it refuses or explains it. */
async function commanderReads(argv: string[]): Promise<Record<string, unknown> | null> {
  const { program: p, hook } = program();
  const quiet = { writeOut: () => undefined, writeErr: () => undefined };
  const all = (c: Command): void => {
    c.exitOverride().configureOutput(quiet);
    c.commands.forEach(all);
  };
  all(p);
  let got: Record<string, unknown> | null = null;
  hook.action((opts: HookFlags, cmd: Command) => {
    const g = cmd.optsWithGlobals<{ state?: string }>();
    got = {
      state: g.state,
      packs: opts.pack,
      receipts: opts.receipts,
      nodeKey: opts.nodeKey,
      secretFiles: opts.secretFile,
      secretEnv: opts.secretEnv,
      flowRules: opts.flowRules,
      askTimeout: opts.askTimeout,
      deadline: opts.deadline,
    };
  });
  try {
    await p.parseAsync(argv, { from: 'user' });
  } catch {
    return null;
  }
  return got;
}

const value = fc.stringMatching(/^[a-z0-9:./_]{1,12}$/);
const option = fc.oneof(
  fc.tuple(fc.constantFrom(...HOOK_VALUE_OPTIONS), value).map(([o, v]) => [o, v]),
  fc.tuple(fc.constantFrom(...HOOK_VALUE_OPTIONS), value).map(([o, v]) => [`${o}=${v}`]),
  fc.constantFrom(...HOOK_FLAG_OPTIONS).map((o) => [o]),
);
const globals = fc.oneof(
  fc.constant<string[]>([]),
  value.map((v) => ['--state', `/s/${v}`]),
  fc.constant(['-q']),
);

describe('the hook daemon reads a hook argv as the command does', () => {
  it('knows exactly the options the command defines', () => {
    const longs = program()
      .hook.options.map((o) => o.long)
      .sort();
    expect([...HOOK_VALUE_OPTIONS, ...HOOK_FLAG_OPTIONS].sort()).toEqual(longs);
  });

  it('gives the same options for any argv of known options', async () => {
    await fc.assert(
      fc.asyncProperty(globals, fc.array(option, { maxLength: 8 }), async (g, opts) => {
        const argv = [...g, 'guard', 'hook', 'claude-code', ...opts.flat()];
        const mine = parseHookArgv(argv);
        const theirs = await commanderReads(argv);
        expect(mine).not.toBeNull();
        expect(theirs).not.toBeNull();
        const { state, door, ...rest } = mine ?? { state: undefined, door: undefined };
        expect(door).toBe('claude-code');
        expect({ state, ...rest }).toEqual(
          Object.fromEntries(Object.entries(theirs ?? {}).filter(([, v]) => v !== undefined)),
        );
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('hands back help, unknown options, arguments and a missing value', () => {
    const base = ['guard', 'hook', 'claude-code'];
    for (const extra of [
      ['--help'],
      ['-h'],
      ['--no-such-flag'],
      ['stray'],
      ['--pack'],
      ['--no-receipts=1'],
    ])
      expect(parseHookArgv([...base, ...extra]), extra.join(' ')).toBeNull();
    expect(parseHookArgv(['guard', 'hook', 'gemini'])).toBeNull();
    expect(parseHookArgv(['guard', 'hook', 'codex'])).toMatchObject({ door: 'codex' });
    expect(parseHookArgv(['guard', 'hook', 'cursor', '--pack', 'p'])).toMatchObject({
      door: 'cursor',
      packs: ['p'],
    });
    expect(parseHookArgv(['--verbose', ...base])).toBeNull();
  });
});
