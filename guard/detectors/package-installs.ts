// Package installs and one-off runs that fetch from git, a URL, an unlisted index, or skip checksums
// (docs/guard.md "Detectors").
import { hostOf } from '../shell/intent-network.js';
import type { ShellCommand } from '../shell/model.js';
import { runnerTarget } from '../shell/wrappers.js';
import { listable } from './registry-listable.js';

/** A package spec fetched from a git repository: never a registry, whatever the host. */
const GIT_SPEC = /^(?:git\+|git:|ssh:\/\/|github:|gitlab:|bitbucket:|git@[\w.-]+:)/i;
const URL_SPEC = /^https?:\/\//i;
/** Install options whose value is an index, registry or source to fetch from. */
const INDEX_FLAGS = new Set([
  '--index-url',
  '--extra-index-url',
  '--find-links',
  '--registry',
  '--source',
  '--index',
  '--git',
  '--default-index',
]);
/** Short forms, for pip only (`npm -f` is `--force`). */
const PIP_SHORT = new Set(['-i', '-f']);
const PY = /^python[0-9.]*$/;
const MANAGERS =
  /^(?:pip[0-9.]*|pipx|uv|uvx|npm|pnpm|pnpx|yarn|bun|npx|bunx|gem|cargo|poetry|go|choco|winget|scoop|composer|conda|mamba|micromamba|bundle)$/;
/** Windows package managers' options that install a package whose download matches no checksum. */
const NO_CHECKSUM =
  /^--(?:ignore-checksums?|allow-empty-checksums(?:-secure)?|ignore-security-hash|skip-hash-check)$/i;

/** The argv from the package manager on: `python3 -m pip ...` is `pip ...`. */
export function managerArgv(cmd: ShellCommand): string[] | null {
  if (PY.test(cmd.name) && cmd.argv[1] === '-m' && /^pip[0-9.]*$/.test(cmd.argv[2] ?? ''))
    return cmd.argv.slice(2);
  return MANAGERS.test(cmd.name) ? cmd.argv : null;
}

/** Index and registry hosts named by option values (`--index-url U`, `--registry=U`). */
export function optionValues(argv: readonly string[]): string[] {
  const pip = /^(?:pip[0-9.]*|uv|pipx)$/.test(argv[0] ?? '');
  // `choco install -s URL`, `choco install --source=URL`
  const choco = argv[0] === 'choco' || argv[0] === 'winget';
  const isFlag = (f: string): boolean =>
    INDEX_FLAGS.has(f) || (pip && PIP_SHORT.has(f)) || (choco && f === '-s');
  const out: string[] = [];
  argv.forEach((a, i) => {
    const eq = /^(--?[\w-]+)=(.*)$/.exec(a);
    if (eq !== null && isFlag(eq[1] ?? '')) out.push(eq[2] ?? '');
    else if (isFlag(a) && argv[i + 1] !== undefined) out.push(argv[i + 1] ?? '');
  });
  return out;
}

const INSTALL = /^(?:install|i|add|upgrade|dlx|exec|x|tool)$/;

/**
 * A package runner's own words: its options and the package it runs. What follows the package is
 * the package's (`npx sentry-cli --url https://sentry.io info`): npm's runner takes no option after
 * its first positional argument (docs/guard.md "Detectors").
 */
function runnerOwn(argv: readonly string[]): readonly string[] {
  const target = runnerTarget(argv);
  return target === null ? argv : argv.slice(0, argv.length - target.length + 1);
}

export function installProblems(all: readonly string[], off: (v: string) => boolean): string[] {
  const [tool, sub, sub2] = all;
  const runs =
    tool === 'npx' ||
    tool === 'bunx' ||
    tool === 'pnpx' ||
    tool === 'uvx' ||
    // `pipx run SPEC`, `uv run --with SPEC`: a package fetched to run once
    ((tool === 'pipx' || tool === 'uv') && sub === 'run') ||
    (sub !== undefined && INSTALL.test(sub)) ||
    (tool === 'uv' && sub === 'pip' && sub2 === 'install');
  if (!runs) return [];
  const argv = runnerOwn(all);
  const out: string[] = [];
  // a spec given as an option's value (`npm exec --package=URL`, `uvx --from=git+...`) counts too
  const specs = argv
    .slice(1)
    .map((a) => a.replace(/^--(?:package|from|spec|with)=/, ''))
    .filter((a) => !a.startsWith('-'));
  const remote = specs.find((a) => GIT_SPEC.test(a) || (URL_SPEC.test(a) && off(a)));
  if (remote !== undefined)
    out.push(`${tool ?? ''} installs from ${hostOf(remote, true) ?? 'git'}`);
  const unchecked = argv.find((a) => NO_CHECKSUM.test(a));
  if (unchecked !== undefined) out.push(`${tool ?? ''} installs with ${unchecked}`);
  const index = optionValues(argv).find(off);
  if (index !== undefined)
    out.push(listable(`${tool ?? ''} installs from index ${hostOf(index, true) ?? index}`));
  return out;
}
