// A git hook that only runs the project's own tooling (`npx --no-install lint-staged`, `npm test`,
// `make lint`, `pre-commit run`, `ruff check .`): what every repository's set-up writes, not a way
// to run something hidden at each commit (docs/guard.md "Shell analysis").

/** The hooks a project's tooling installs, in the repository or the user's hooks folder for all of them. */
const HOOK_PATH =
  /(?:(?:^|\/)\.git\/hooks|^~\/(?:\.config\/git\/hooks|\.git-?hooks|\.git-templates?\/hooks))\/(?:pre-commit|pre-push|commit-msg|prepare-commit-msg|pre-merge-commit|post-merge|post-checkout)$/;

export const isGitHookPath = (normalized: string): boolean => HOOK_PATH.test(normalized);

/**
 * Dev tools that `npx` may fetch by name without `--no-install`: a missing one comes from the
 * registry under its own well-known name, as the developer's own run would fetch it.
 */
const NPX_DEV_TOOLS = [
  'lint-staged',
  'prettier',
  'eslint',
  'husky',
  'commitlint',
  '@commitlint/cli',
  'lefthook',
  'pretty-quick',
].join('|');

/** Project tooling by its command words; arguments after them are plain words only. */
const TOOLING = new RegExp(
  '^(?:' +
    [
      'npx --no-install [\\w@/.-]+',
      'npx --no(?: --)? [\\w@/.-]+',
      `npx (?:${NPX_DEV_TOOLS})(?= |$)`,
      'npm (?:test|run [\\w:.-]+|run-script [\\w:.-]+)',
      'pnpm (?:test|lint|run [\\w:.-]+|exec [\\w@/.-]+)',
      // `yarn dlx` fetches and runs any package, so it is not the project's own tooling
      'yarn (?:test|lint|run [\\w:.-]+|(?!dlx(?: |$))[\\w:.-]+)',
      'bun (?:test|run [\\w:.-]+)',
      'make(?: [\\w.-]+)?',
      'pre-commit(?: run| hook-impl)?',
      'lefthook run',
      'lint-staged',
      'ruff(?: check| format)?',
      'black',
      'isort',
      'flake8',
      'mypy',
      'pytest',
      'eslint',
      'prettier',
      'tsc',
      'cargo (?:fmt|clippy|test|check)',
      'go (?:vet|test|fmt)',
      'gofmt',
      'golangci-lint run',
      'rubocop',
      'mix (?:format|test)',
      'dotnet (?:format|test|build)',
    ].join('|') +
    // `"$1"` is the message file git hands a commit-msg hook
    ')(?: (?:[\\w@/.,:=+-]+|"\\$1"|\\$1))*$',
);

const SHEBANG = /^#!(?:\/bin\/(?:ba|z)?sh|\/usr\/bin\/env (?:ba|z)?sh)$/;

/**
 * Later stages of a pipeline that only judge the tool's output: `gofmt -l . | tee /dev/stderr | (!
 * read)` fails the commit when gofmt lists a file; nothing else runs.
 */
const CHECK_STAGE =
  /^(?:tee \/dev\/stderr|\(! read\)|! read|grep -q \.|grep \.|grep -v '\^\$'|wc -l|cat)$/;
/** `test -z "$(gofmt -l .)"`, `[ -z "$(black --check -q .)" ]`: the tool's output tested. */
const TESTED_OUTPUT = /^(?:test|\[) -[zn] "\$\(([^()$`]+)\)"(?: \])?$/;

/** Tooling, its output piped to checks only, or tested for being empty; `exit 0|1`. */
function toolingCommand(c: string): boolean {
  const t = c.replace(/\s+/g, ' ').trim();
  if (/^exit [01]$/.test(t)) return true;
  const stages = (TESTED_OUTPUT.exec(t)?.[1] ?? t).split(/\s*\|\s*/);
  return TOOLING.test(stages[0] ?? '') && stages.slice(1).every((p) => CHECK_STAGE.test(p));
}

/** One line: a comment, `set -e`, or tooling commands joined by `&&` or `||`, optionally after `exec`. */
function toolingLine(line: string): boolean {
  const t = line.trim();
  if (t === '' || t.startsWith('#') || /^set -[eux]+$/.test(t)) return true;
  return t
    .replace(/^exec /, '')
    .split(/\s*(?:&&|\|\|)\s*/)
    .every(toolingCommand);
}

/** True when every line of the hook is its shebang, a comment or project tooling. */
export function projectToolingHook(text: string): boolean {
  const lines = text.split('\n');
  if (text.length > 4096 || !SHEBANG.test(lines[0]?.trim() ?? '')) return false;
  return (
    lines.slice(1).every(toolingLine) &&
    lines.slice(1).some((l) => l.trim() !== '' && !l.trim().startsWith('#'))
  );
}
