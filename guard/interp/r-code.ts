// What R code would do (docs/guard.md "Interpreter code"): its deletes (`unlink`, `file.remove`,
// `fs::dir_delete`) read as the `rm` they are, so the shell's delete checks judge their targets; the
// commands it runs (`system`, `system2`, `processx::run`); the hosts its HTTP clients reach (httr,
// httr2, curl, RCurl, `download.file`, sockets) and whether they send data; code it downloads and
// runs (`source(URL)`, `eval(parse(URL))`, a downloaded file sourced); credential files it reads and
// the whole environment printed or sent.
import type { IntentHit } from '../shell/intents.js';
import type { CodeEffects } from './code-effects.js';
import { goCalls } from './go-args.js';
import { argName, argValue, rBindings, rValues, type RVars } from './r-values.js';
import { isCredentialPath, normalizePath } from '../sensitive-paths.js';

const MAX_CODE = 64 * 1024;
const NS = String.raw`(?:[A-Za-z]\w*::)?`;
/** Delete calls, and whether each removes folders with what they hold. */
const DELETES = `${NS}(?:unlink|file\\.remove|dir_delete|file_delete|dir_remove)`;
const SHELLS = `${NS}(?:system|system2|shell)`;
const ARGV_RUNS = `${NS}(?:run|exec_wait|exec_background|exec_internal)`;
const READS = `${NS}(?:readLines|read_lines|read_file|readChar|readBin|read\\.csv|read\\.table|read\\.delim|readRDS|scan|fromJSON|read_json|read_yaml|read\\.dcf|file)`;
/** Calls that reach a host. */
const NET =
  /\b(?:POST|PUT|PATCH|GET|HEAD|VERB|request|req_perform|curl_upload|curl_fetch_memory|curl_fetch_disk|curl_download|curl|postForm|getURL|getForm|ftpUpload|httpPOST|httpPUT|download\.file|socketConnection|make\.socket|url)\s*\(/;
/** A call or option that sends a body, a file or socket writes. */
const SENDS =
  /\b(?:POST|PUT|PATCH|curl_upload|postForm|ftpUpload|httpPOST|httpPUT|req_body_(?:file|raw|json|form|multipart)|upload_file|form_file|socketConnection|make\.socket)\s*\(|\b(?:req_method|VERB)\(\s*(?:[^)]*,\s*)?["'](?:POST|PUT|PATCH)|\b(?:customrequest|postfields|copypostfields|upload)\s*=/;
const URL_HOST = /\bhttps?:\/\/([A-Za-z0-9.-]{1,253})/g;
const SOCKET_HOST =
  /\b(?:socketConnection|make\.socket)\s*\(\s*(?:host\s*=\s*)?["']([A-Za-z0-9.-]+)["']/g;
/** Calls that run the code they are given or load. */
const RUNS_CODE = `${NS}(?:source|sys\\.source|source_url|source_gist|eval|evalq)`;
const DOWNLOADS = `${NS}(?:download\\.file|curl_download|download)`;
const REMOTE = /\bhttps?:\/\/|\bftp:\/\//;
const ENV_ALL = /\bSys\.getenv\(\s*\)/;
const SHOWN =
  /\b(?:print|cat|writeLines|message|str|dput|toJSON|write|write\.csv|saveRDS|capture\.output)\s*\(/;

/** The values of a call's `n`th positional argument (or its `name =` argument). */
function arg(args: readonly string[], n: number, name: string, vars: RVars): string[] | null {
  const named = args.find((a) => argName(a) === name);
  const raw = named ?? args.filter((a) => argName(a) === null)[n];
  return raw === undefined ? null : rValues(argValue(raw), vars);
}

/** Effects of R code (`Rscript -e`, `R -e`, a written `.R` file); null for other interpreters. */
export function rEffects(interpreter: string, source: string): CodeEffects | null {
  if (interpreter !== 'r') return null;
  const out: CodeEffects = { shell: [], argvs: [], hits: [] };
  // attacker-controlled code: bounded call reads over at most 64 KiB
  const code = source.length > MAX_CODE ? source.slice(0, MAX_CODE) : source;
  const vars = rBindings(code);
  const hit = (intent: IntentHit['intent'], detail: string, hosts?: string[]): void => {
    out.hits.push({ intent, detail: `r ${detail}`, ...(hosts === undefined ? {} : { hosts }) });
  };
  for (const c of goCalls(code, DELETES)) {
    const many = /file\.remove|file_delete/.test(c.name);
    const targets = many
      ? c.args.filter((a) => argName(a) === null).flatMap((a) => rValues(a, vars) ?? [])
      : (arg(c.args, 0, /unlink/.test(c.name) ? 'x' : 'path', vars) ?? []);
    // `unlink(recursive = TRUE)` and the fs folder deletes remove what the folder holds
    const second = c.args.filter((a) => argName(a) === null)[1] ?? '';
    const deep =
      /dir_/.test(c.name) ||
      c.args.some((a) => /^recursive\s*=\s*(?:TRUE|T)\b/.test(a)) ||
      (/unlink/.test(c.name) && /^(?:TRUE|T)$/.test(second));
    if (targets.length > 0) out.argvs.push(['rm', deep ? '-rf' : '-f', ...targets.slice(0, 64)]);
  }
  for (const c of goCalls(code, SHELLS)) {
    if (c.name.endsWith('system2')) {
      const cmd = arg(c.args, 0, 'command', vars);
      const rest = c.args.length > 1 ? arg(c.args, 1, 'args', vars) : [];
      // system2 pastes the command and its arguments into one shell line
      if (cmd?.length === 1 && rest !== null) out.shell.push([...cmd, ...rest].join(' '));
    } else {
      const text = arg(c.args, 0, 'command', vars);
      if (text?.length === 1) out.shell.push(text[0] ?? '');
    }
  }
  for (const c of goCalls(code, ARGV_RUNS)) {
    const cmd = arg(c.args, 0, 'command', vars) ?? arg(c.args, 0, 'cmd', vars);
    const rest = c.args.length > 1 ? arg(c.args, 1, 'args', vars) : [];
    if (cmd?.length === 1 && rest !== null) out.argvs.push([...cmd, ...rest]);
  }
  for (const c of goCalls(code, READS)) {
    const p = arg(c.args, 0, 'con', vars) ?? arg(c.args, 0, 'file', vars) ?? [];
    const cred = p.find(isCredentialPath);
    if (cred !== undefined) hit('credential_read', `reads ${normalizePath(cred)}`);
  }
  const net = NET.test(code);
  if (net) {
    const upload = SENDS.test(code);
    const hosts = [...code.matchAll(URL_HOST), ...code.matchAll(SOCKET_HOST)].map((m) =>
      (m[1] ?? '').toLowerCase(),
    );
    hit(upload ? 'upload' : 'network', `network call${upload ? ' that sends data' : ''}`, [
      ...new Set(hosts),
    ]);
  }
  downloadedRuns(code, vars, out.shell, hit);
  if (ENV_ALL.test(code) && (net || SHOWN.test(code)))
    hit('credential_read', 'dumps the whole environment');
  return out;
}

/** Code fetched and run: `source(URL)`, `eval(parse(text = readLines(URL)))`, a download sourced. */
function downloadedRuns(
  code: string,
  vars: RVars,
  shell: readonly string[],
  hit: (intent: IntentHit['intent'], detail: string) => void,
): void {
  const saved = goCalls(code, DOWNLOADS).flatMap((c) => arg(c.args, 1, 'destfile', vars) ?? []);
  for (const c of goCalls(code, RUNS_CODE)) {
    const text = c.args.join(',');
    const shown = c.args.flatMap((a) => rValues(argValue(a), vars) ?? []);
    if (REMOTE.test(text) || shown.some((v) => REMOTE.test(v))) {
      hit('fetch_pipe_shell', `${c.name} of downloaded code`);
      return;
    }
    if (shown.some((v) => saved.includes(v))) {
      hit('fetch_pipe_shell', `${c.name} of a file it downloaded`);
      return;
    }
  }
  if (saved.some((f) => shell.some((s) => s.includes(f))))
    hit('fetch_pipe_shell', 'runs a file it downloaded');
}
