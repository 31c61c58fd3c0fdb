// `base64 -w0 keystore/release.jks | gh secret set ANDROID_KEYSTORE_B64 --repo acme/android-app`: a
// project file stored as a CI secret of a named repository. GitHub never shows a stored secret again,
// but a workflow of that repository can read it, so the store is the project's own only when the
// repository is one the working folder's git config names as a remote; a name that merely looks
// like the folder's can be anyone's. The hit carries the repository; the pass that knows the call's
// folder drops it (docs/guard.md "Credential routing").
import { projectRemotes } from '../egress/project-remotes.js';
import { isCredentialPath } from '../sensitive-paths.js';
import type { IntentHit } from './intents.js';
import type { ShellAnalysis, ShellCommand } from './model.js';
import { handedOffFile, inProject, PASS_ON } from './file-hand-off.js';

/** `OWNER/REPO` or `HOST/OWNER/REPO`, as `gh --repo` takes it. */
const REPO = /^(?:([a-z0-9.-]+\.[a-z]{2,})\/)?([\w.-]+)\/([\w.-]+)$/i;

/** `host/owner/repo` of `gh secret set NAME --repo R` (no org, user or app scope), else null. */
function ghSecretRepo(c: ShellCommand): string | null {
  if (c.name !== 'gh' || c.argv[1] !== 'secret' || c.argv[2] !== 'set') return null;
  if (c.argv.some((a) => /^(?:-o|--org|-u|--user|-a|--app|-b|--body|-f|--env-file)(?:=|$)/.test(a)))
    return null;
  const at = c.argv.findIndex((a) => a === '-R' || a === '--repo');
  const value =
    at > 0 ? c.argv[at + 1] : c.argv.find((a) => a.startsWith('--repo='))?.slice('--repo='.length);
  const m = REPO.exec(value ?? '');
  if (m === null) return null;
  return `${(m[1] ?? 'github.com').toLowerCase()}/${(m[2] ?? '').toLowerCase()}/${(m[3] ?? '').toLowerCase().replace(/\.git$/, '')}`;
}

/**
 * The repository whose secret store alone receives what `cmd` reads: `cmd` is the first stage of a
 * pipeline of readers and encoders of project files ending in `gh secret set --repo R`, or that
 * `gh` command reading a project file on `<`. Null otherwise.
 */
export function secretStoreRepo(cmd: ShellCommand, all: ShellAnalysis): string | null {
  if (cmd.substitution || cmd.nested > 0) return null;
  const files = (c: ShellCommand): string[] => [
    ...c.argv.slice(1).filter((a) => !a.startsWith('-') && isCredentialPath(a)),
    ...c.redirects.filter((r) => r.op === '<').map((r) => r.target),
  ];
  const setter = handedOffFile(cmd, all);
  if (setter !== null) {
    const repo = ghSecretRepo(setter);
    return repo !== null && files(cmd).every(inProject) ? repo : null;
  }
  if (cmd.pipeline < 0) {
    const repo = ghSecretRepo(cmd);
    return repo !== null && files(cmd).length > 0 && files(cmd).every(inProject) ? repo : null;
  }
  const stages = all.commands.filter((c) => c.pipeline === cmd.pipeline && !c.substitution);
  const last = stages.at(-1);
  if (cmd.stage !== 0 || last === undefined || last === cmd) return null;
  const repo = ghSecretRepo(last);
  if (repo === null || last.redirects.length > 0) return null;
  const before = stages.slice(0, -1);
  const ok = before.every(
    (c) =>
      PASS_ON.test(c.name) &&
      (c.name !== 'openssl' || c.argv[1] === 'base64') &&
      c.redirects.every((r) => r.op === '<' && inProject(r.target)) &&
      files(c).every(inProject),
  );
  return ok ? repo : null;
}

/** `hits` without those that only store a project file in a repository the folder `cwd` names. */
export function outsideOwnRepos(hits: readonly IntentHit[], cwd: string | undefined): IntentHit[] {
  const own = cwd === undefined ? null : projectRemotes(cwd);
  return hits.filter((h) => h.repo === undefined || own?.has(h.repo) !== true);
}
