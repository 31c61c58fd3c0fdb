// Interpreters' start-up files: IPython's startup folder and config, Jupyter's config, Python's
// PYTHONSTARTUP file, irb's and pry's rc files, Perl's debugger rc, R's and Julia's profiles. Each
// runs at every start of that interpreter, so code written into one that sends data, reads
// credentials or runs a download keeps doing it in every later session (docs/guard.md "Detectors",
// supply_chain). Settings, imports and helpers stay ordinary.
import { writtenText } from './sensitive-paths.js';

/** The start-up files, by the interpreter that reads the code. */
const FILES: [RegExp, 'python3' | 'ruby' | 'perl' | null][] = [
  [
    /(?:^|\/)\.ipython\/profile_[^/]+\/(?:startup\/[^/]+\.(?:py|ipy)|ipython_(?:kernel_)?config\.py)$/,
    'python3',
  ],
  [/(?:^|\/)\.jupyter\/jupyter_[a-z_]*config\.py$/, 'python3'],
  [/(?:^|\/)\.pythonrc(?:\.py)?$/, 'python3'],
  [/(?:^|\/)\.(?:irbrc|pryrc)$/, 'ruby'],
  [/(?:^|\/)\.perldb$/, 'perl'],
  [/(?:^|\/)(?:\.Rprofile|Rprofile\.site)$/, null],
  [/(?:^|\/)\.julia\/config\/startup\.jl$/, null],
];
/** What start-up code must never do. */
const HARMFUL = new Set([
  'upload',
  'credential_read',
  'fetch_pipe_shell',
  'decode_pipe_shell',
  'reverse_shell',
  'destructive_delete',
]);
/** R's and Julia's network calls and environment reads (no reader for them here). */
const R_JULIA_NET =
  /\b(?:download\.file|url|httr::\w+|curl::\w+|socketConnection|HTTP\.(?:post|get|request)|Downloads\.download)\s*\(/;
const R_JULIA_ENV = /\bSys\.getenv\s*\(\s*\)|\bENV\b(?!\s*\[)/;

type Shell = (s: string) => { intents: readonly { intent: string }[] };

/** Why a file tool's write of an interpreter start-up file is harmful, or null. */
export function harmfulStartupWrite(
  path: string,
  args: Record<string, unknown>,
  shell: Shell,
): string | null {
  const entry = FILES.find(([re]) => re.test(path));
  if (entry === undefined) return null;
  const text = writtenText(args);
  if (text === null) return null;
  const [, interpreter] = entry;
  if (interpreter === null)
    return R_JULIA_NET.test(text) &&
      (R_JULIA_ENV.test(text) || /\bsystem2?\s*\(|\brun\s*\(`/.test(text))
      ? 'a start-up profile that sends the environment or runs a command'
      : null;
  // the code as the interpreter reads it from a heredoc: the shell's interpreter readers apply
  let fence = 'MESH_STARTUP';
  while (text.includes(fence)) fence += '_';
  const hit = shell(`${interpreter} - <<'${fence}'\n${text}\n${fence}`).intents.find((h) =>
    HARMFUL.has(h.intent),
  );
  return hit === undefined ? null : `a ${interpreter} start-up file whose code is ${hit.intent}`;
}
