// Entry points a package manager installed for the user or a project (docs/guard.md "Shell
// analysis"): `~/proj/.venv/bin/mkdocs`, `~/.virtualenvs/ml/bin/jupyter`,
// `~/site/node_modules/.bin/vite`. Such a program is read as one in /usr/local/bin is; what sets
// it apart is that its folder is the user's, so the names that run given code, install packages
// or publish the project are refused here as well.

const HOME = /^(?:~|\/home\/(?!\.)[\w.-]+|\/Users\/(?!\.)[\w.-]+)\//;
/**
 * A project's environment, below home or relative to the folder the line runs in, through folders
 * that are neither hidden nor a parent (`..`); the user's own environments sit at home's top.
 */
const PROJECT_BIN = /^(?:[\w-][\w.-]*\/)*(?:\.?venv\/bin|node_modules\/\.bin)$/;
// `~/.local/bin` is left out: it is on the PATH of every login and any installer drops programs
// there, so a name in it says nothing of what put it there
const USER_BIN = /^\.virtualenvs\/[\w-][\w.-]*\/bin$/;

/**
 * Names an environment's bin holds beside the tools: interpreters and their runners (`ipython`,
 * `tsx`, `ts-node`, `zx`), installers and environment managers (`pip`, `uv`, `poetry`), the
 * activation scripts, wrappers that run a command given to them, and publishers.
 */
const ENTRY_REFUSED =
  /^(?:pip[\d.]*|pipx|uvx?|poetry|pdm|hatch|pipenv|conda|mamba|micromamba|activate(?:\.\w+)?|Activate\.ps1|i?python[\d.]*w?|pypy[\d.]*|tsx|ts-node(?:-esm|-dev)?|esno|esr|babel-node|vite-node|swc-node|sucrase-node|jiti|zx|coffee|nodemon|concurrently|cross-env|dotenv|npm|pnpm|yarn|corepack|twine|gh-pages|vercel|netlify|wrangler|firebase|surge)$/i;
/** A first operand that sends the project away (`mkdocs gh-deploy`, `flit publish`). */
const PUBLISH = /^(?:gh-deploy|publish|upload|deploy|push|release)$/;

/** The folder of an environment's entry point, when `dir` is one (normalised, `~` for home). */
export function isEntryPointDir(dir: string): boolean {
  const home = HOME.exec(`${dir}/`);
  if (home !== null) {
    const rest = dir.slice(home[0].length);
    return PROJECT_BIN.test(rest) || USER_BIN.test(rest);
  }
  return !dir.startsWith('/') && !dir.startsWith('~') && PROJECT_BIN.test(dir);
}

/** Whether an entry point named `name` may start with `args` (the shared argument checks apart). */
export function entryPointCall(name: string, args: readonly string[]): boolean {
  if (ENTRY_REFUSED.test(name)) return false;
  return !PUBLISH.test(args.find((a) => !a.startsWith('-')) ?? '');
}
