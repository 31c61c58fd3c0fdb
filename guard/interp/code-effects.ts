// What interpreter code would do (docs/guard.md "Interpreter code"): shell it runs, files it deletes or reads, hosts it reaches.
import type { CodeParsers } from './grammars.js';
import { languageOf } from './grammars.js';
import { collectCalls, endsWithEnvironment, FETCH_CALLS, type CodeCall } from './calls.js';
import { addressHosts, netCall, str } from './net-calls.js';
import { urlCredentialSends } from './url-credential-sends.js';
import { perlRubyEffects } from './perl-ruby.js';
import { elixirEffects } from './elixir.js';
import { powershellEffects } from './powershell.js';
import { goEffects } from './go-code.js';
import { rEffects } from './r-code.js';
import { cmdEffects } from './cmd-code.js';
import { bucketEmpties } from './bucket-empties.js';
import { listedDeletes } from './listed-deletes.js';
import { listedHomeReads } from './listed-home-reads.js';
import { literalReads } from './literal-reads.js';
import { perlHomeReads } from './perl-home-reads.js';
import { perlListExec } from './perl-list-exec.js';
import { computedLookups } from './computed-lookups.js';
import { slicedSends } from './sliced-sends.js';
import { globDeletes } from './glob-deletes.js';
import { keyringRead } from './keyring-reads.js';
import { decodedExec } from './decoded-exec.js';
import { cloudSdkDeletes } from './cloud-sdk-deletes.js';
import { envCredentialSends } from './env-credential-sends.js';
import { describeSqlEffect, sqlEffects } from '../sql/effects.js';
import type { IntentHit } from '../shell/intents.js';
import {
  isCatastrophicTarget,
  isCredentialPath,
  isPersistencePath,
  normalizePath,
} from '../sensitive-paths.js';

export interface CodeEffects {
  /** Shell text the code hands to a shell (`os.system`, `child_process.execSync`). */
  shell: string[];
  /** Programs it runs with an argument list (`subprocess.run([...])`, `spawn(cmd, [...])`). */
  argvs: string[][];
  hits: IntentHit[];
  /** Code it decodes and runs (`exec(base64.b64decode('…'))`): read again as the same language. */
  decoded?: string[];
}

const DELETE =
  /^(?:shutil\.rmtree|os\.(?:remove|unlink|rmdir|removedirs)|fs\.(?:rmSync|rmdirSync|rm|rmdir|unlinkSync|unlink|promises\.rm|promises\.rmdir)|fs-extra\.(?:removeSync|remove|emptyDirSync|emptyDir)|rimraf(?:\.sync|\.rimrafSync)?|rimrafSync|del(?:\.sync)?|deleteSync|Deno\.(?:removeSync|remove))$/;
const PATH_DELETE = /(?:Path|PurePath)\(\)\.(?:unlink|rmdir)$/;
const SHELL_CALLS =
  /^(?:os\.system|os\.popen|subprocess\.getoutput|subprocess\.getstatusoutput|commands\.getoutput|child_process\.(?:exec|execSync)|execSync|exec)$/;
const ARGV_CALLS =
  /^(?:subprocess\.(?:run|call|check_call|check_output|Popen)|os\.(?:execv|execvp|execvpe|spawnv|spawnvp)|child_process\.(?:spawn|spawnSync|execFile|execFileSync)|spawn|spawnSync|execFile|execFileSync|pty\.spawn)$/;
// a database library opening a file reads it as `sqlite3 FILE` does
const READ =
  /^(?:open|io\.open|sqlite3\.connect|fs\.(?:readFileSync|readFile|promises\.readFile|createReadStream)|Deno\.(?:readTextFileSync|readTextFile|readFileSync|readFile))$/;
const PATH_READ = /(?:Path|PurePath)\(\)\.(?:read_text|read_bytes|open)$/;
const SOCKET =
  /^(?:socket\.socket\(\)\.connect|socket\.create_connection|net\.(?:connect|createConnection)|net\.Socket\(\)\.connect|dgram\.createSocket)$/;
/** Database library calls that run their first argument as SQL (DB-API, sqlite3, node-postgres, mysql2, better-sqlite3, knex). */
const SQL_CALL = /(?:^|\.)(?:execute|executemany|executescript|query|exec|raw|run|prepare|sql)$/;
/** Text that starts like a SQL statement (a shell command handed to `exec` does not). */
export const SQL_START =
  /^\s*(?:DROP|TRUNCATE|DELETE|UPDATE|ALTER|WITH|INSERT|SELECT|CREATE|BEGIN|GRANT|VACUUM|CALL)\b/i;
/** Calls that print to the caller (the agent reads it) or send their arguments away. */
const OUT_CALLS =
  /^(?:print|pprint|pprint\.pprint|pprint\.pp|sys\.(?:stdout|stderr)\.write|logging\.(?:info|debug|warning|error|critical)|console\.(?:log|info|warn|error|debug|dir|table|trace)|process\.(?:stdout|stderr)\.write|.*\.(?:send|sendall|sendto))$/;
const ENV_DUMP = 'dumps the whole environment';
const EVAL = /^(?:exec|eval|Function|vm\.runInThisContext|vm\.runInNewContext)$/;

/** Where a socket call connects: Python's `(host, port)` tuple, Node's `connect(port, host)`. */
function socketHosts(c: CodeCall): string[] {
  const first = c.args[0];
  if (Array.isArray(first)) return first.slice(0, 1).filter((h) => !/^\d+$/.test(h));
  const host = str(c.args[1]) ?? str(first);
  return host === null || /^\d+$/.test(host) ? [] : [host];
}

function protectedTarget(t: string): boolean {
  return isCatastrophicTarget(t) || isPersistencePath(t) || isCredentialPath(t);
}

function callEffects(c: CodeCall, lang: string, out: CodeEffects, conn: string[]): void {
  const name = c.callee;
  const net = netCall(c, conn);
  const hit = (intent: IntentHit['intent'], detail: string, hosts?: string[]): void => {
    out.hits.push({
      intent,
      detail: `${lang} ${detail}`,
      ...(hosts === undefined ? {} : { hosts }),
    });
  };
  const target = DELETE.test(name)
    ? str(c.args[0])
    : PATH_DELETE.test(name)
      ? str(c.recv[0])
      : null;
  if (target !== null && protectedTarget(target))
    hit('destructive_delete', `${name.replace(/\(\)/g, '')} of ${normalizePath(target)}`);
  if (SHELL_CALLS.test(name)) {
    const s = str(c.args[0]);
    if (s !== null) out.shell.push(s);
  }
  if (ARGV_CALLS.test(name)) {
    const a = c.args[0];
    if (Array.isArray(a)) out.argvs.push(a);
    else if (typeof a === 'string') {
      const rest = c.args[1];
      if (/^(?:child_process\.|spawn|execFile)/.test(name) && Array.isArray(rest))
        out.argvs.push([a, ...rest]);
      else out.shell.push(a);
    }
  }
  const read = READ.test(name) ? str(c.args[0]) : PATH_READ.test(name) ? str(c.recv[0]) : null;
  if (read !== null && isCredentialPath(read))
    hit('credential_read', `opens ${normalizePath(read)}`);
  if (keyringRead(name)) hit('credential_read', `${name} reads the keychain`);
  if (SOCKET.test(name)) {
    // a raw socket carries whatever the code writes: an upload to wherever it connects
    const hosts = socketHosts(c);
    conn.push(...hosts);
    hit('upload', `${name.replace(/\(\)/g, '')} ${hosts.join(', ') || 'socket'}`.trim(), hosts);
  } else if (net !== null) {
    hit(
      net.upload ? 'upload' : 'network',
      `${name.replace(/\(\)/g, '')} ${net.hosts.join(', ')}`.trim(),
      net.hosts,
    );
    out.hits.push(...urlCredentialSends(lang, c, net.hosts));
  } else if (FETCH_CALLS.test(name)) {
    const hosts = addressHosts(c, str(c.args[0]), '0');
    const upload =
      ['data', 'json', 'files', 'body'].some((k) => k in c.kwargs) ||
      /POST|PUT|PATCH/i.test(str(c.kwargs.method ?? null) ?? '');
    hit(
      upload ? 'upload' : 'network',
      `${name.replace(/\(\)/g, '')} ${hosts.join(', ')}`.trim(),
      hosts,
    );
    out.hits.push(...urlCredentialSends(lang, c, hosts));
  }
  const sql = SQL_CALL.test(name) ? str(c.args[0]) : null;
  if (sql !== null && SQL_START.test(sql)) {
    // SQL in interpreter code is attacker-controlled text: read by the PostgreSQL grammar (bounded)
    const e = sqlEffects(sql).effects[0];
    if (e !== undefined)
      hit('infra_destroy', `${name.replace(/\(\)/g, '')}: ${describeSqlEffect(e)}`);
  }
  if (EVAL.test(name) && c.fetchedArg) hit('fetch_pipe_shell', `${name} of downloaded code`);
  // the environment's values printed to the agent or sent: a credential read, wherever it goes next
  const sink = name.replace(/\(\)/g, '');
  if (
    c.envArg &&
    (OUT_CALLS.test(sink) || FETCH_CALLS.test(sink) || SOCKET.test(sink) || net !== null)
  )
    hit('credential_read', `${ENV_DUMP} (${sink})`);
}

/**
 * Effects of code given to an interpreter: Python and JavaScript by their grammars, Perl and Ruby
 * by their common calls. Returns null when the language has no reader here.
 *
 * @example
 * codeEffects(parsers, 'python', 'import shutil; shutil.rmtree("/")')?.hits[0]?.intent; // 'destructive_delete'
 */
export function codeEffects(
  parsers: CodeParsers | undefined,
  interpreter: string,
  code: string,
): CodeEffects | null {
  const out = readEffects(parsers, interpreter, code);
  const reads = literalReads(interpreter, code);
  // PHP has no other reader here: its credential reads alone are its effects
  if (out === null) return reads.length === 0 ? null : { shell: [], argvs: [], hits: reads };
  out.hits.push(
    ...listedDeletes(interpreter, code),
    ...globDeletes(interpreter, code),
    ...listedHomeReads(interpreter, code),
    ...reads,
    ...perlHomeReads(interpreter, code),
    ...computedLookups(code),
    ...slicedSends(code),
    ...cloudSdkDeletes(interpreter, code),
  );
  out.argvs.push(...perlListExec(interpreter, code));
  out.hits.push(...envCredentialSends(interpreter, code, out.hits));
  const dx = decodedExec(interpreter, code);
  out.hits.push(...dx.hits);
  if (dx.decoded.length > 0) out.decoded = dx.decoded;
  return out;
}

function readEffects(
  parsers: CodeParsers | undefined,
  interpreter: string,
  code: string,
): CodeEffects | null {
  const lang = languageOf(interpreter);
  if (lang === null)
    return (
      perlRubyEffects(interpreter, code) ??
      elixirEffects(interpreter, code) ??
      powershellEffects(interpreter, code) ??
      goEffects(interpreter, code) ??
      rEffects(interpreter, code) ??
      cmdEffects(interpreter, code)
    );
  if (parsers === undefined) return null;
  // attacker-controlled code: parsed by tree-sitter, walked with a step bound
  const tree = parsers[lang].parse(code);
  if (tree === null) return null;
  try {
    const out: CodeEffects = { shell: [], argvs: [], hits: [] };
    const conn: string[] = [];
    for (const c of collectCalls(tree.rootNode, lang)) callEffects(c, interpreter, out, conn);
    out.hits.push(...bucketEmpties(interpreter, code));
    if (endsWithEnvironment(tree.rootNode, lang))
      out.hits.push({ intent: 'credential_read', detail: `${interpreter} ${ENV_DUMP} (printed)` });
    return out;
  } finally {
    tree.delete();
  }
}
