// Intents of commands that destroy a database's stored data through its files or its admin tools (docs/guard.md "Shell analysis").
import { localTestData } from './local-test-data.js';
import { dataServiceIntents } from './data-services.js';
import type { ShellAnalysis, ShellCommand } from './model.js';
import { localContainerStore } from './local-container-store.js';
import type { IntentHit } from './intents.js';
import { isDatabaseStorePath, normalizePath } from '../sensitive-paths.js';

/** Programs that remove, empty or overwrite the files they are given. */
const ERASERS = new Set(['rm', 'unlink', 'shred', 'srm', 'wipe', 'truncate']);
/** Programs whose last operand is written over. */
const COPIERS = new Set(['cp', 'install', 'rsync']);
const EMPTY_SOURCE = /^\/dev\/(?:null|zero|u?random)$/;

function operands(argv: readonly string[]): string[] {
  const out: string[] = [];
  let flags = true;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (flags && a === '--') flags = false;
    else if (flags && a.startsWith('-') && a.length > 1) {
      // `truncate -s 0 FILE`, `shred -n 3 FILE`: the option's value is no file
      if (/^-[a-zA-Z]*[snrx]$/.test(a)) i++;
    } else out.push(a);
  }
  return out;
}

function erased(detail: string, path: string): IntentHit {
  return {
    intent: 'destructive_delete',
    detail: `${detail} ${normalizePath(path)} (database data)`,
  };
}

/** What the command writes over: `>` redirections, `dd of=`, `tee` without `-a`, a copy from `/dev/null`. */
function overwritten(cmd: ShellCommand): string[] {
  const out = cmd.redirects
    .filter((r) => r.op === '>' || r.op === '>|' || r.op === '&>')
    .map((r) => r.target);
  if (cmd.name === 'dd') for (const a of cmd.argv) if (a.startsWith('of=')) out.push(a.slice(3));
  if (cmd.name === 'tee' && !cmd.argv.some((a) => /^-[a-zA-Z]*a/.test(a) || a === '--append'))
    out.push(...operands(cmd.argv));
  if (COPIERS.has(cmd.name)) {
    const ops = operands(cmd.argv);
    if (ops.length > 1 && ops.slice(0, -1).every((s) => EMPTY_SOURCE.test(s)))
      out.push(ops.at(-1) ?? '');
  }
  return out;
}

/** Admin tools that destroy a cluster's data: the reset of its log, a dropped cluster or database, a flush. */
function adminTool(cmd: ShellCommand): string | null {
  const ops = operands(cmd.argv);
  switch (cmd.name) {
    case 'pg_resetwal':
    case 'pg_resetxlog':
      return cmd.argv.some((a) => a === '-n' || a === '--dry-run') ? null : cmd.name;
    case 'pg_dropcluster':
      return cmd.name;
    case 'mysqladmin':
      return ops.some((o) => /^drop$/i.test(o)) ? 'mysqladmin drop' : null;
    case 'redis-cli':
    case 'valkey-cli':
    case 'keydb-cli':
      return ops.some((o) => /^flush(?:all|db)$/i.test(o)) ? `${cmd.name} flush` : null;
    case 'etcdctl':
      return ops[0] === 'del' && cmd.argv.some((a) => a === '--prefix' || a === '--from-key')
        ? 'etcdctl del --prefix'
        : null;
    case 'influx':
      return ops[0] === 'bucket' && ops[1] === 'delete' ? 'influx bucket delete' : null;
    default:
      return null;
  }
}

export function datastoreIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const hits: IntentHit[] = [];
  if (ERASERS.has(cmd.name) || (cmd.name === 'find' && cmd.argv.includes('-delete'))) {
    const target = operands(cmd.argv).find((t) => isDatabaseStorePath(t));
    if (target !== undefined) hits.push(erased(cmd.name, target));
  }
  const over = overwritten(cmd).find((t) => isDatabaseStorePath(t));
  if (over !== undefined) hits.push(erased('overwrites', over));
  const tool = adminTool(cmd);
  if (tool !== null && !localTestData(cmd))
    hits.push(
      localContainerStore(cmd, all)
        ? { intent: 'infra_destroy', detail: tool, server: true }
        : { intent: 'infra_destroy', detail: tool },
    );
  hits.push(...dataServiceIntents(cmd));
  return hits;
}
