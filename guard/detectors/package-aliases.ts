// `composer require "laravel/framework:11.x-dev as 11.9.2"`: an inline alias installs a development
// branch (of whatever repository the project's sources resolve it from) under a release's version,
// so the lock file and every later constraint read it as that release (docs/guard.md "Detectors").
// A plain constraint (`^11.9`), a branch required as itself (`dev-main`), or an alias to another
// branch name (`dev-fix as 2.x-dev`) disguises nothing.

/** `VENDOR/NAME:CONSTRAINT as VERSION` (or `@`), the constraint a dev branch, the alias a release. */
const DEV_AS_RELEASE =
  /^[\w.-]+\/[\w.-]+[:=@]\s*(?:dev-\S+|\S+-dev|\S+\.x-dev)(?:#\w+)?\s+as\s+v?\d+(?:\.\d+){0,3}(?:-(?:p\d+|patch\d*))?$/i;

/** Problems of a `composer require` (or `update --with`) that aliases a dev branch as a release. */
export function aliasProblems(argv: readonly string[]): string[] {
  if (!/(?:^|\/)composer(?:\.phar)?$/.test(argv[0] ?? '') || !argv.some((a) => a.includes(' as ')))
    return [];
  const alias = argv.find((a) => DEV_AS_RELEASE.test(a.trim()));
  return alias === undefined
    ? []
    : [`composer installs a development branch disguised as a release (${alias.trim()})`];
}
