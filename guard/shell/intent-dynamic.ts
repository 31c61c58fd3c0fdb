// Intent `dynamic_command`: a command word only the run decides, next to anything risky (docs/guard.md
// "Commands assembled at run time"). `$EDITOR file`, `"$@"` or `$(npm bin)/eslint .` stay quiet.
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { INTERPRETERS, SHELLS } from './wrappers.js';
import { isCatastrophicTarget, isCredentialPath, isPersistencePath } from '../sensitive-paths.js';

/** `-rf`, `-fr`, `-Rf`, `--force`, `--recursive`, `--no-preserve-root`. */
const RISKY_FLAG =
  /^(?:-[a-zA-Z]*[rR][a-zA-Z]*f[a-zA-Z]*|-[a-zA-Z]*f[a-zA-Z]*[rR][a-zA-Z]*|--(?:force|recursive|no-preserve-root))$/;
/** Relative targets that are everyday editor and tool operands (`$EDITOR .`), unlike `/` or `~`. */
const LOCAL = /^(?:\.|\.\/|\*|\.\/\*|\.\*)$/;
const URL = /^[a-z][a-z0-9+.-]*:\/\//i;
const DEVICE = /^\/dev\/(?:sd|nvme|hd|vd|xvd|mmcblk|disk|rdisk|md|dm-|mapper\/|tcp\/|udp\/)/;
const FEEDERS = /^(?:curl|wget|nc|ncat|netcat|socat|base64|base32|xxd|openssl|gunzip|zcat|rev)$/;

function riskyArg(a: string): boolean {
  if (a === '' || LOCAL.test(a)) return false;
  return (
    RISKY_FLAG.test(a) ||
    URL.test(a) ||
    DEVICE.test(a) ||
    isCatastrophicTarget(a) ||
    isCredentialPath(a) ||
    isPersistencePath(a)
  );
}

function runsProgram(c: ShellCommand): boolean {
  return SHELLS.has(c.name) || INTERPRETERS.has(c.name.replace(/[0-9.]+$/, ''));
}

function why(cmd: ShellCommand, all: ShellAnalysis): string | null {
  if (cmd.tainted === true) return 'built from a download or decoded text';
  const arg = cmd.argv.slice(1).find(riskyArg);
  if (arg !== undefined) return `with argument ${arg.slice(0, 64)}`;
  if (cmd.redirects.some((r) => r.op !== '<' && riskyArg(r.target)))
    return 'writing a sensitive path';
  if (cmd.pipeline < 0) return null;
  const mates = all.commands.filter((c) => c.pipeline === cmd.pipeline && c !== cmd);
  if (mates.some((c) => c.stage > cmd.stage && runsProgram(c))) return 'its output is run';
  if (mates.some((c) => c.stage < cmd.stage && FEEDERS.test(c.name)))
    return 'fed by a download or decoder';
  return null;
}

export function dynamicIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  if (cmd.dynamic !== true) return [];
  const reason = why(cmd, all);
  return reason === null
    ? []
    : [{ intent: 'dynamic_command', detail: `command assembled at run time, ${reason}` }];
}
