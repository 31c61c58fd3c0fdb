// Elixir (`elixir -e`, `mix run -e`, `iex -e`) read by its common calls (docs/guard.md "Interpreter
// code"): no Elixir grammar is installed, so each call the checks name is read by the bounded call
// reader Go code uses (guard/interp/go-args.ts). Deletes (`File.rm_rf!`), programs run
// (`System.cmd`, `System.shell`, `:os.cmd`), HTTP clients (Req, HTTPoison, Tesla, Finch, `:httpc`,
// `:hackney`, Mint) and sockets (`:gen_tcp`, `:ssl`), and the whole environment dumped.
import type { CodeEffects } from './code-effects.js';
import { goCalls } from './go-args.js';
import {
  isCatastrophicTarget,
  isCredentialPath,
  isPersistencePath,
  normalizePath,
} from '../sensitive-paths.js';

const MAX_CODE = 64 * 1024;
const HOME = String.raw`System\.user_home!?\(\s*\)`;
/** Home as Elixir names it, alone or joined with literal names. */
const HOME_JOIN = new RegExp(String.raw`^Path\.join\(\s*${HOME}((?:\s*,\s*"[^"#]{0,200}")*)\s*\)$`);
const HOME_INTERP = new RegExp(String.raw`^"#\{${HOME}\}(/[^"#]{0,200})?"$`);

/** The path an Elixir argument names: a literal (string, charlist), `~` expanded, home joined. */
function pathOf(arg: string): string | null {
  const a = arg.trim();
  if (new RegExp(`^${HOME}$`).test(a)) return '~';
  const lit = /^(?:"([^"#\\]*)"|'([^'\\]*)'|~c"([^"#\\]*)")$/.exec(a);
  if (lit !== null) return lit[1] ?? lit[2] ?? lit[3] ?? '';
  const exp = /^Path\.expand\(\s*"(~[^"#]{0,200})"\s*\)$/.exec(a);
  if (exp?.[1] !== undefined) return exp[1];
  const join = HOME_JOIN.exec(a);
  if (join !== null) {
    const parts = [...(join[1] ?? '').matchAll(/"([^"]*)"/g)].map((p) => p[1] ?? '');
    return ['~', ...parts].join('/').replace(/\/+/g, '/');
  }
  const interp = HOME_INTERP.exec(a);
  return interp === null ? null : `~${interp[1] ?? ''}`;
}

const DELETE = String.raw`File\.(?:rm_rf|rm|rmdir)!?`;
const NET = String.raw`Req\.(?:get|post|put|patch|delete|head|request|run)!?|HTTPoison\.(?:get|post|put|patch|delete|head|request)!?|Tesla\.(?:get|post|put|patch|delete|request)!?|Finch\.build|httpc\.request|hackney\.request|Mint\.HTTP\.connect|gen_tcp\.connect|ssl\.connect`;
/** A call that sends a body or writes a socket. */
const SENDS =
  /\b(?:Req|HTTPoison|Tesla)\.(?:post|put|patch)!?\s*\(|:(?:httpc|hackney)\.request\(\s*:(?:post|put|patch)|\bFinch\.build\(\s*:(?:post|put|patch)|:(?:gen_tcp|ssl)\.send\s*\(|\b(?:body|json|form|form_multipart):\s|method:\s*:(?:post|put|patch)/;
const URL_HOST = /\bhttps?:\/\/([A-Za-z0-9.-]+)/g;
const SOCKET_HOST = /:(?:gen_tcp|ssl)\.connect\(\s*(?:'([A-Za-z0-9.-]+)'|~c"([A-Za-z0-9.-]+)")/g;
/** The whole environment (`System.get_env()`, no name) printed or sent. */
const ENV_ALL = /\bSystem\.get_env(?:\(\s*\)|(?!\s*\(?\s*["'\w]))/;
const SHOWN = /\b(?:IO\.(?:inspect|puts|write)|inspect|Jason\.encode!?|Logger\.\w+)\b/;
const list = (arg: string | undefined): string[] =>
  [...(arg ?? '').matchAll(/"([^"#\\]*)"/g)].map((m) => m[1] ?? '');

/** Effects of Elixir code; null for other interpreters. */
export function elixirEffects(interpreter: string, source: string): CodeEffects | null {
  if (interpreter !== 'elixir') return null;
  const out: CodeEffects = { shell: [], argvs: [], hits: [] };
  // attacker-controlled code: bounded call reads over at most 64 KiB
  const code = source.length > MAX_CODE ? source.slice(0, MAX_CODE) : source;
  for (const c of goCalls(code, DELETE)) {
    const t = pathOf(c.args[0] ?? '');
    if (t !== null && (isCatastrophicTarget(t) || isPersistencePath(t) || isCredentialPath(t)))
      out.hits.push({ intent: 'destructive_delete', detail: `elixir deletes ${normalizePath(t)}` });
  }
  for (const c of goCalls(code, String.raw`System\.cmd|System\.shell|os\.cmd`)) {
    const first = pathOf(c.args[0] ?? '');
    if (first === null) continue;
    if (c.name === 'System.cmd') out.argvs.push([first, ...list(c.args[1])]);
    else out.shell.push(first);
  }
  const calls = goCalls(code, NET);
  if (calls.length > 0) {
    const upload = SENDS.test(code);
    const hosts = [...code.matchAll(URL_HOST), ...code.matchAll(SOCKET_HOST)].map((m) =>
      (m[1] ?? m[2] ?? '').toLowerCase(),
    );
    out.hits.push({
      intent: upload ? 'upload' : 'network',
      detail: `elixir ${calls[0]?.name ?? ''}${upload ? ' sends data' : ''}`,
      hosts: [...new Set(hosts.filter((h) => h !== ''))],
    });
  }
  if (ENV_ALL.test(code) && (calls.length > 0 || SHOWN.test(code)))
    out.hits.push({ intent: 'credential_read', detail: 'elixir dumps the whole environment' });
  return out;
}
