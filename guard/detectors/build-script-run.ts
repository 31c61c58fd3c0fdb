// Build scripts that download code and run it: Cargo's build.rs, setup.py and conftest.py, Gradle,
// CMake, Make and Rake files run on every build or test of the project, on developers' machines
// and in CI, so a `curl ... | sh` written into one runs a stranger's script there
// (docs/guard.md "Detectors", supply_chain).
import { writtenText } from './sensitive-paths.js';
import { processCommandLines } from '../interp/process-start.js';

/** Files a build, an install or a test run executes. */
const BUILD_FILE =
  /(?:^|[\\/])(?:build\.rs|setup\.py|conftest\.py|noxfile\.py|build\.gradle(?:\.kts)?|settings\.gradle(?:\.kts)?|CMakeLists\.txt|[\w.-]+\.cmake|(?:GNU)?[Mm]akefile|[\w.-]+\.mk|Rakefile|[\w.-]+\.rake|Directory\.Build\.(?:props|targets)|[\w.-]+\.csproj|meson\.build|build\.zig)$/;
/** A quoted string literal in any of these languages (no escapes across lines). */
const LITERAL = /"((?:[^"\\\n]|\\.){0,2048})"|'((?:[^'\\\n]|\\.){0,2048})'/g;
/** MSBuild's `<Exec Command="...">`: XML-escaped shell text. */
const EXEC_ATTR = /\bCommand\s*=\s*"([^"]{1,4096})"/g;
/** What a download-and-run holds: a pipe, a substitution or PowerShell's evaluator. */
const MAY_RUN = /\||<\(|\$\(|`|\b(?:iex|Invoke-Expression)\b/i;
const RUNS_DOWNLOAD = new Set(['fetch_pipe_shell', 'decode_pipe_shell', 'reverse_shell']);
const MAX_PIECES = 400;

type Shell = (s: string) => { intents: readonly { intent: string }[] };

/** The shell text a build file may run: its string literals and Make's tab-led recipe lines. */
function pieces(path: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(EXEC_ATTR))
    out.push(
      (m[1] ?? '')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&'),
    );
  for (const m of text.matchAll(LITERAL)) {
    const s = (m[1] ?? m[2] ?? '').replace(/\\(["'\\])/g, '$1');
    if (MAY_RUN.test(s)) out.push(s);
    if (out.length >= MAX_PIECES) return out;
  }
  // C#, Java, Kotlin and Groovy code starting a process: the command line it runs
  if (/\.(?:cs|java|kts?|groovy|gradle)$/.test(path)) out.push(...processCommandLines(text));
  for (const line of text.split('\n')) {
    // a recipe line, a CMake `COMMAND` list or a Gradle `commandLine` is shell words unquoted
    const cmd = /^\t@?-?(.*)$|\bCOMMAND\s+(.*?)\)?\s*$/.exec(line);
    const s = cmd?.[1] ?? cmd?.[2];
    if (s !== undefined && MAY_RUN.test(s) && /makefile|\.mk$|cmake|CMakeLists/i.test(path))
      out.push(s.replace(/\$\$/g, '$'));
    if (out.length >= MAX_PIECES) break;
  }
  return out;
}

/** Whether a file tool's arguments write a build script that downloads code and runs it. */
export function writesBuildDownloadRun(
  path: string,
  args: Record<string, unknown>,
  shell: Shell,
): boolean {
  if (!BUILD_FILE.test(path)) return false;
  const text = writtenText(args);
  return text !== null && runsDownload(path, text, shell);
}

/** Whether a file's text, as its build or editor would run it, downloads code and runs it. */
export function runsDownload(path: string, text: string, shell: Shell): boolean {
  return pieces(path, text).some((p) => shell(p).intents.some((h) => RUNS_DOWNLOAD.has(h.intent)));
}
