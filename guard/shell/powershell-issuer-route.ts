// PowerShell's form of a key read from the project's env file by its issuer's variable name for
// the issuer's own CLI (`$env:VSCE_PAT = (Get-Content .\.env | Select-String 'VSCE_PAT=')
// .ToString().Split('=')[1]; npx @vscode/vsce publish -p $env:VSCE_PAT`): the key's intended use,
// as `export VSCE_PAT=$(grep VSCE_PAT .env | cut -d= -f2) && npx @vscode/vsce publish` is
// (docs/guard.md "Credential routing"). Another program, a second read, or a line PowerShell's
// reader cannot split keeps it a read.
import { issuerOfVariable } from '../egress/issuers.js';
import { powershellStatements } from '../interp/powershell-statements.js';
import { portable } from '../interp/powershell-access.js';
import { isCredentialPath } from '../sensitive-paths.js';
import type { IntentHit } from './intents.js';
import type { ShellAnalysis } from './model.js';
import { ownCli } from './credential-env-route.js';

/**
 * `$env:NAME = (Get-Content FILE | Select-String 'NAME=')`, then only the value's extraction (`.ToString().Split('=')[1]`, `.Line.Split('=', 2)[1]`): the
 * variable, the file and the picked name.
 */
const ENV_READ =
  /^\$(?:env:)?([A-Za-z_]\w*)\s*=\s*\(\s*(?:Get-Content|gc|cat|type)\s+(?:-Path\s+|-LiteralPath\s+)?['"]?([^\s'"|)]+)['"]?\s*\|\s*(?:Select-String|sls)\s+(?:-Pattern\s+)?['"]\^?([A-Za-z_]\w*)=['"]\s*\)((?:\s*\.\s*(?:ToString\(\)|Line|Trim\(\)|Split\(\s*['"]=['"]\s*(?:,\s*2\s*)?\)\s*\[\s*1\s*\]))*)$/i;

/** A project file (relative, not climbing out): a key from home is never routed. */
function projectFile(path: string): boolean {
  return !/^[~/$\\]|^[A-Za-z]:/.test(path) && !/(?:^|[\\/])\.\.(?:[\\/]|$)/.test(path);
}

/**
 * `hits` of the PowerShell line `code` without its credential reads when the line is only
 * assignments of keys read by their issuer's variable name from project env files, and programs
 * that are all that issuer's own CLI. This value is attacker-controlled (an agent wrote it).
 */
export function powershellIssuerReads(
  hits: readonly IntentHit[],
  code: string,
  all: ShellAnalysis,
): readonly IntentHit[] {
  if (!hits.some((h) => h.intent === 'credential_read') || !/Select-String|sls/i.test(code))
    return hits;
  const statements = powershellStatements(code);
  if (statements === null) return hits;
  const read = new Set<string>();
  let issuer = null;
  for (const s of statements) {
    const m = ENV_READ.exec(s);
    if (m === null) continue;
    const [, variable = '', file = '', picked = ''] = m;
    const path = portable(file);
    const who = issuerOfVariable(variable);
    if (variable.toLowerCase() !== picked.toLowerCase() || who === null) return hits;
    if ((issuer !== null && who !== issuer) || !projectFile(path) || !isCredentialPath(path))
      return hits;
    issuer = who;
    read.add(`pwsh reads ${path}`);
  }
  // every other statement is a program the shell reader read: all of them the issuer's own CLI
  const programs = all.commands.filter((c) => !c.substitution);
  if (issuer === null || statements.length !== read.size + programs.length) return hits;
  if (programs.length === 0 || !programs.every((c) => ownCli(c, issuer))) return hits;
  return hits.filter((h) => !(h.intent === 'credential_read' && read.has(h.detail)));
}
