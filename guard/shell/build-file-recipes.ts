// The commands a build file or script written by a file tool will run (docs/guard.md "Shell
// analysis"): Makefile recipes, justfile and Taskfile commands, CMake's `file(REMOVE_RECURSE)` and
// `execute_process`, package.json scripts, and shell scripts. Each is turned into shell text, its
// tools' variables for home spelled as the shell's (`$(HOME)`, `{{home_directory()}}`,
// `$ENV{HOME}`), so that a delete of home planted in `make clean` is read as the delete it is.
// A build variable the file defines itself (`$(BUILD_DIR)`) stays a relative word.

const MAX_TEXT = 64 * 1024;

const MAKEFILE = /(?:^|\/)(?:GNUmakefile|[Mm]akefile|[^/]+\.mk)$/;
const JUSTFILE = /(?:^|\/)\.?[Jj]ustfile$/;
const TASKFILE = /(?:^|\/)Taskfile(?:\.dist)?\.ya?ml$/;
const CMAKE = /(?:^|\/)(?:CMakeLists\.txt|[^/]+\.cmake)$/;
const PACKAGE_JSON = /(?:^|\/)package\.json$/;
const SCRIPT = /\.(?:sh|bash|zsh|ksh)$/;

/** Home as make, just, CMake and npm write it, then every other make-style variable as a word. */
function shellWords(text: string): string {
  return text
    .replace(
      /\$\((?:HOME|USERPROFILE)\)|\$\{(?:HOME|USERPROFILE)\}|\$\$\{?HOME\}?|\$ENV\{HOME\}/g,
      '$HOME',
    )
    .replace(
      /\{\{\s*(?:home_directory\(\)|home_dir\(\)|env_var\(\s*['"]HOME['"]\s*\)|env\(\s*['"]HOME['"]\s*\))\s*\}\}/g,
      '$HOME',
    )
    .replace(/\{\{\s*\.HOME\s*\}\}/g, '$HOME')
    .replace(/\$\(RM\)/g, 'rm -f')
    .replace(/\$\(MAKE\)/g, 'make')
    .replace(/\$[({]([A-Za-z_][\w.]*)[)}]/g, 'make_var_$1')
    .replace(/\$\$/g, '$');
}

/** Recipe lines of a Makefile (a tab first; `@`, `-` and `+` prefixes dropped). */
function makeRecipes(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('\t'))
    .map((l) => l.replace(/^\t[@+-]*/, ''));
}

function cmakeCommands(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\bfile\s*\(\s*REMOVE(?:_RECURSE)?\s+([^)]{0,2048})\)/gi))
    out.push(`rm -rf ${m[1] ?? ''}`);
  for (const m of text.matchAll(/\bCOMMAND\s+([^)\n]{0,2048})/g)) out.push(m[1] ?? '');
  return out;
}

function jsonStrings(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/"[^"\n]{1,128}"\s*:\s*"((?:[^"\\\n]|\\.){1,4096})"/g)) {
    try {
      out.push(JSON.parse(`"${m[1] ?? ''}"`) as string);
    } catch {
      out.push(m[1] ?? '');
    }
  }
  return out;
}

/**
 * The shell text the file at `path` runs when its tool runs it, or null when it is no build file
 * or script. `text` is what the write puts in the file (attacker-controlled; bounded).
 */
export function buildFileCommands(path: string, text: string): string | null {
  const t = text.slice(0, MAX_TEXT);
  let lines: string[];
  if (MAKEFILE.test(path)) lines = makeRecipes(t);
  else if (JUSTFILE.test(path))
    lines = t
      .split('\n')
      .filter((l) => /^[ \t]+\S/.test(l))
      .map((l) => l.trim().replace(/^[@-]+/, ''));
  else if (TASKFILE.test(path))
    lines = t
      .split('\n')
      .map((l) => /^\s*-\s+(?:cmd:\s*)?(.+)$/.exec(l)?.[1] ?? '')
      .filter(Boolean);
  else if (CMAKE.test(path)) lines = cmakeCommands(t);
  else if (PACKAGE_JSON.test(path)) lines = jsonStrings(t);
  else if (SCRIPT.test(path) || /^#!\s*\S*(?:\/|env\s+)(?:ba|z|k|da)?sh\b/.test(t)) return t;
  else return null;
  return lines.length === 0 ? null : lines.map(shellWords).join('\n');
}
