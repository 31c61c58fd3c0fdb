// Flow and taint: commands whose OUTPUT is a credential (docs/guard.md "Flow and taint"): a token or
// secret a CLI prints taints the session as the file it came from would.
import type { ShellAnalysis, ShellCommand } from '../shell/model.js';
import { cliCredentialRead } from '../shell/credential-clis.js';

/** The label prefix a printed credential is known by (`credential-output:aws`), a flow source. */
export const CREDENTIAL_OUTPUT = 'credential-output:';

/** Each CLI and the argument sequences that print a credential (a word is a pattern on one argv word). */
const PRINTERS: Record<string, RegExp[][]> = {
  aws: [
    [/^configure$/, /^get$/, /secret|token|key_id/i],
    [/^sts$/, /^(?:get-session-token|assume-role|get-federation-token)/],
    [/^ecr$/, /^get-login-password$/],
    [/^secretsmanager$/, /^get-secret-value$/],
    [/^ssm$/, /^get-parameters?$/],
  ],
  gh: [[/^auth$/, /^token$/]],
  glab: [[/^auth$/, /^status$/, /^(?:-t|--show-token)$/]],
  gcloud: [
    [/^auth$/, /print-(?:access|identity)-token/],
    [/^secrets$/, /^versions$/, /^access$/],
  ],
  az: [
    [/^account$/, /^get-access-token$/],
    [/^keyvault$/, /^secret$/, /^show$/],
  ],
  vault: [[/^(?:kv|read|token)$/]],
  heroku: [[/^auth:token$/]],
  doctl: [[/^auth$/, /^token$/]],
  op: [[/^(?:read|item)$/]],
  pass: [[/^(?:show|[^-].*)$/]],
  security: [[/^find-(?:generic|internet)-password$/]],
  gpg: [[/--export-secret/]],
  npm: [[/^token$/, /^(?:create|list)$/]],
};

/** Whether `want` appears in order among the command's arguments (options in between are skipped). */
function inOrder(args: readonly string[], want: readonly RegExp[]): boolean {
  let i = 0;
  for (const a of args) {
    const w = want[i];
    if (w === undefined) break;
    if (w.test(a)) i++;
  }
  return i === want.length;
}

function printsCredential(c: ShellCommand): boolean {
  // what the shell analysis calls a credential read prints one too
  if (cliCredentialRead(c) !== null) return true;
  const ways = PRINTERS[c.name];
  if (ways === undefined) return false;
  // `security find-generic-password` prints the secret only with -w or -g
  if (c.name === 'security' && !c.argv.some((a) => /^-[a-z]*[wg]/.test(a))) return false;
  return ways.some((w) => inOrder(c.argv.slice(1), w));
}

/** Labels of the credentials the analysed command prints: `credential-output:<cli>` per printer. */
export function credentialOutputs(analysis: ShellAnalysis): string[] {
  const out = new Set<string>();
  for (const c of analysis.commands) if (printsCredential(c)) out.add(CREDENTIAL_OUTPUT + c.name);
  return [...out];
}
