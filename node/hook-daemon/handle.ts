// One hook call inside the daemon (docs/guard.md "Hook start-up"): the argv is read into a typed hook
// request and decided by the same service as `mesh guard hook DOOR` in its own process
// (node/guard/hook-service.ts), with no commander program per call. Only what the command would
// refuse or explain (help, a bad option) goes through the commander command, so its usage error is
// the CLI's own, and is still an exit-2 deny.
import { CommanderError, type Command } from 'commander';
import { buildProgram } from '../cli/program.js';
import { parseHookArgv, type HookArgv } from '../guard/hook-argv.js';
import {
  deadlineMessage,
  hookDeadlineMs,
  MAX_HOOK_STDIN,
  runHookCall,
} from '../guard/hook-service.js';
import { resolveStateRoot } from '../state/state-dir.js';
import { HookDaemonError } from './errors.js';
import type { PartsCache } from './parts-cache.js';
import { failClosedReply, type HookReply, type HookRequest } from './protocol.js';
import { stateRootOf } from './socket-path.js';

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

/**
 * Answers one hook request for the daemon serving `root`; never throws (a failure is a deny).
 * @example const { reply } = await handleHookRequest(req, stateRoot, cache)
 */
export async function handleHookRequest(
  req: HookRequest,
  root: string,
  cache: PartsCache,
): Promise<Handled> {
  let settled: Promise<void> = Promise.resolve();
  const onWork = (p: Promise<void>): void => {
    settled = p;
  };
  let reply: HookReply;
  const deny = (why: string): HookReply => failClosedReply(req.argv, why);
  try {
    reply = await withProcessState(req, async () => {
      if (stateRootOf(req.argv, process.env) !== root)
        return deny(`the hook daemon serves ${root}, not this call's state directory`);
      const parsed = parseHookArgv(req.argv);
      return parsed === null ? await viaCommander(req) : await decide(req, parsed, cache, onWork);
    });
  } catch (e) {
    reply = deny((e as Error).message);
  }
  return { reply, settled };
}

async function decide(
  req: HookRequest,
  a: HookArgv,
  cache: PartsCache,
  onWork: (settled: Promise<void>) => void,
): Promise<HookReply> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<HookReply>((done) => {
    timer = setTimeout(() => {
      done(failClosedReply(req.argv, deadlineMessage(a.deadline)));
    }, hookDeadlineMs(a.deadline));
  });
  const work = runHookCall(
    {
      door: a.door,
      stateRoot: resolveStateRoot(a.state),
      packs: a.packs,
      ...(a.receipts !== undefined ? { receipts: a.receipts } : {}),
      ...(a.nodeKey !== undefined ? { nodeKey: a.nodeKey } : {}),
      flowRules: a.flowRules,
      secretFiles: a.secretFiles,
      secretEnv: a.secretEnv,
      askTimeoutSeconds: Number(a.askTimeout),
      stdin: () =>
        Buffer.byteLength(req.stdin) > MAX_HOOK_STDIN
          ? Promise.reject(
              new HookDaemonError(
                'hook_request_invalid',
                `hook input larger than ${MAX_HOOK_STDIN} bytes`,
              ),
            )
          : Promise.resolve(req.stdin),
      env: process.env,
    },
    cache.lookup,
  );
  // Past the deadline the caller is answered at once, but the next call waits for this one.
  onWork(work.then(() => undefined));
  const reply = await Promise.race([work, late]);
  clearTimeout(timer);
  return reply;
}

/** Help, version and usage errors, exactly as the command prints them; never runs a hook. */
async function viaCommander(req: HookRequest): Promise<HookReply> {
  let out = '';
  let err = '';
  const program = await buildProgram(req.argv);
  const configure = (c: Command): void => {
    c.exitOverride().configureOutput({
      writeOut: (s) => (out += s),
      writeErr: (s) => (err += s),
    });
    c.commands.forEach(configure);
  };
  configure(program);
  const seen = { ran: false };
  let at: Command | undefined = program;
  const door = req.argv[req.argv.indexOf('hook') + 1];
  for (const name of ['guard', 'hook', door]) at = at?.commands.find((x) => x.name() === name);
  if (at === undefined) return failClosedReply(req.argv, 'not a hook call');
  // An argv the typed reader refused but commander accepts is refused here too (fail closed).
  for (const c of [at, ...at.commands])
    c.action(() => {
      seen.ran = true;
    });
  try {
    await program.parseAsync(req.argv, { from: 'user' });
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e;
    const ok = ['commander.helpDisplayed', 'commander.version', 'commander.help'];
    return { exitCode: ok.includes(e.code) ? 0 : 2, stdout: out, stderr: err };
  }
  if (seen.ran)
    return failClosedReply(
      req.argv,
      'hook arguments the hook daemon does not read; run the hook without it',
    );
  return { exitCode: 0, stdout: out, stderr: err };
}
