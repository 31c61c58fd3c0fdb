// A build's shipped files sent to the service that distributes them, as that service's uploader
// does: coverage reports to a coverage service, app packages to a beta or store service. Ordinary
// CI and release work, not an upload of project data (docs/guard.md "Egress").
import type { ShellAnalysis, ShellCommand } from './model.js';
import { isAppPackage, isCoverageReport } from './build-output.js';
import { namesRevision } from './revision-names.js';
import { authHeaderReads } from './release-auth-header.js';

interface Service {
  hosts: RegExp;
  /** The files this service takes. */
  takes: (path: string) => boolean;
}

const SERVICES: readonly Service[] = [
  // codecov, coveralls
  {
    hosts: /^(?:(?:[\w-]+\.)*codecov\.io|(?:[\w-]+\.)*coveralls\.io)$/,
    takes: isCoverageReport,
  },
  // App Center, Firebase App Distribution, Google Play's publishing API, Diawi, BrowserStack's app upload
  {
    hosts:
      /^(?:api\.appcenter\.ms|firebaseappdistribution\.googleapis\.com|androidpublisher\.googleapis\.com|upload\.diawi\.com|api-cloud\.browserstack\.com)$/,
    takes: isAppPackage,
  },
];

/** True when every substitution in the call only names the revision. */
export function onlyRevisionSubstituted(all: ShellAnalysis): boolean {
  return all.commands.every((c) => !c.substitution || namesRevision(c));
}

/**
 * True when every host reached is one distribution service and every file sent is one it takes,
 * with nothing but the revision substituted into the call.
 */
export function releaseUpload(
  hosts: ReadonlySet<string>,
  files: readonly string[],
  cmd: ShellCommand,
  all: ShellAnalysis,
): boolean {
  const service = SERVICES.find((s) => [...hosts].some((h) => s.hosts.test(h)));
  if (service === undefined || ![...hosts].every((h) => service.hosts.test(h))) return false;
  // the uploader's own token read into its Authorization header is no file sent
  const auth = authHeaderReads(cmd, all, hosts);
  const sent = [...files];
  for (const f of auth.files) {
    const at = sent.indexOf(f);
    if (at >= 0) sent.splice(at, 1);
  }
  return (
    sent.length > 0 &&
    sent.every(service.takes) &&
    !cmd.argv.some((a) => a.includes('`')) &&
    all.commands.every((c) => !c.substitution || namesRevision(c) || auth.commands.includes(c))
  );
}
