// `sudo apt-get install -y libpq-dev`: the distribution's own packages by name, from the
// repositories the machine already trusts, are routine set-up; sudo of anything else, a package
// file (`./x.deb`), an added repository or key, or an unknown option stays `privilege_change`
// (docs/guard.md "Shell analysis").
import type { ShellCommand } from './model.js';

/** Package managers and the subcommands that only refresh indexes or install by name. */
const MANAGERS: Record<string, ReadonlySet<string>> = {
  'apt-get': new Set(['update', 'install']),
  apt: new Set(['update', 'install']),
  dnf: new Set(['install', 'makecache']),
  yum: new Set(['install', 'makecache']),
  zypper: new Set(['install', 'in', 'refresh', 'ref']),
  apk: new Set(['add', 'update']),
};
/** Options that only answer prompts or quiet output. */
const QUIET =
  /^(?:-y|--yes|-q|-qq|--quiet|--assume-yes|--no-install-recommends|-n|--non-interactive|--no-cache)$/;
/** A package name, with an optional version (`libpq-dev`, `gcc-c++`, `curl=7.88.1-10`). */
const PACKAGE = /^[a-z0-9][a-z0-9+._-]{0,127}(?:=[A-Za-z0-9.+:~_-]{1,64})?$/;

/** True when `cmd`, run under sudo or doas alone, installs distribution packages by name. */
export function distroPackages(cmd: ShellCommand): boolean {
  if (cmd.wrappers.length !== 1 || !['sudo', 'doas'].includes(cmd.wrappers[0] ?? '')) return false;
  const subs = Object.hasOwn(MANAGERS, cmd.name) ? MANAGERS[cmd.name] : undefined;
  if (subs === undefined) return false;
  const words = cmd.argv.slice(1);
  const sub = words.find((w) => !w.startsWith('-'));
  if (sub === undefined || !subs.has(sub)) return false;
  const rest = words.filter((w) => w !== sub);
  const names = rest.filter((w) => !w.startsWith('-'));
  if (!rest.every((w) => !w.startsWith('-') || QUIET.test(w))) return false;
  const installs = !['update', 'makecache', 'refresh', 'ref'].includes(sub);
  return installs
    ? names.length > 0 && names.every((n) => PACKAGE.test(n) && !/\.(?:deb|rpm|apk)$/.test(n))
    : names.length === 0;
}
