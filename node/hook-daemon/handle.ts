// One hook call inside the daemon: the same commander command and the same hook handler as
// `mesh guard hook claude-code` in its own process, with stdout, stderr and the exit code captured.
import { CommanderError, type Command } from 'commander';
import { buildProgram } from '../cli/program.js';
import { deadlineMessage, hookDeadlineMs, hookOutcome } from '../cli/commands/guard-hook.js';
import type { HookFlags } from '../cli/commands/guard-hook.js';
import { hookDoor } from '../cli/commands/guard-hook-agents.js';
import type { PartsCache } from './parts-cache.js';
import type { HookReply, HookRequest } from './protocol.js';
import { stateRootOf } from './socket-path.js';

const MAX_STDIN = 16 * 1024 * 1024;

function find(c: Command, path: readonly string[]): Command | undefined {
  let at: Command | undefined = c;
  for (const name of path) at = at?.commands.find((x) => x.name() === name);
  return at;
}

/** Process-wide cwd and environment are swapped per call; the daemon runs calls one at a time. */
async function withProcessState<T>(req: HookRequest, f: () => Promise<T>): Promise<T> {
  const cwd = process.cwd();
  const saved = Object.keys(req.env).map((k) => [k, process.env[k]] as const);
  try {
    process.chdir(req.cwd);
    for (const [k, v] of Object.entries(req.env))
      if (v === null) Reflect.deleteProperty(process.env, k);
      else process.env[k] = v;
    return await f();
  } finally {
    for (const [k, v] of saved)
      if (v === undefined) Reflect.deleteProperty(process.env, k);
      else process.env[k] = v;
    process.chdir(cwd);
  }
}

export interface Handled {
  reply: HookReply;
  /** Resolves once the call's work is over (later than the reply when the deadline passed). */
  settled: Promise<void>;
}

export async function handleHookRequest(
  req: HookRequest,
  root: string,
  cache: PartsCache,
): Promise<Handled> {
  let settled: Promise<void> = Promise.resolve();
  const reply = await replyTo(req, root, cache, (p) => {
    settled = p;
  });
  return { reply, settled };
}

async function replyTo(
  req: HookRequest,
  root: string,
  cache: PartsCache,
  onWork: (settled: Promise<void>) => void,
): Promise<HookReply> {
  const deny = (why: string): HookReply => ({
    exitCode: 2,
    stdout: '',
    stderr: `mesh guard: failed closed: ${why}\n`,
  });
  try {
    return await withProcessState(req, async () => {
      if (stateRootOf(req.argv, process.env) !== root)
        return deny(`the hook daemon serves ${root}, not this call's state directory`);
      let out = '';
      let err = '';
      let reply: HookReply | undefined;
      const program = await buildProgram(req.argv);
      const configure = (c: Command): void => {
        c.exitOverride().configureOutput({
          writeOut: (s) => (out += s),
          writeErr: (s) => (err += s),
        });
        c.commands.forEach(configure);
      };
      configure(program);
      const door = hookDoor(req.argv);
      const hook = door && find(program, ['guard', 'hook', door.name]);
      if (hook === undefined || door === undefined) return deny('not a hook call');
      hook.action(async (opts: HookFlags, cmd: Command) => {
        const ms = hookDeadlineMs(opts.deadline);
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<HookReply>((done) => {
          timer = setTimeout(() => {
            done(deny(deadlineMessage(opts.deadline)));
          }, ms);
        });
        const stdin = (): Promise<string> =>
          Buffer.byteLength(req.stdin) > MAX_STDIN
            ? Promise.reject(new Error(`hook input larger than ${MAX_STDIN} bytes`))
            : Promise.resolve(req.stdin);
        const work = hookOutcome(opts, cmd, { stdin, cache: cache.lookup, ...door.io });
        // Past the deadline the caller is answered at once, but the next call waits for this one.
        onWork(work.then(() => undefined));
        reply = await Promise.race([work, late]);
        clearTimeout(timer);
      });
      try {
        await program.parseAsync(req.argv, { from: 'user' });
      } catch (e) {
        if (!(e instanceof CommanderError)) throw e;
        const ok = ['commander.helpDisplayed', 'commander.version', 'commander.help'];
        return { exitCode: ok.includes(e.code) ? 0 : 2, stdout: out, stderr: err };
      }
      if (reply === undefined) return { exitCode: 0, stdout: out, stderr: err };
      return { exitCode: reply.exitCode, stdout: out + reply.stdout, stderr: err + reply.stderr };
    });
  } catch (e) {
    return deny((e as Error).message);
  }
}
