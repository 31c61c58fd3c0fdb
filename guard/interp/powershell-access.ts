// What PowerShell code reads or leaves behind beyond deletes: stored secrets decrypted, the whole
// environment listed, credential files sent away, autostart registry values written
// (docs/guard.md "Interpreter code").
import type { IntentHit } from '../shell/intents.js';
import { AUTOSTART_KEY } from '../shell/intent-host.js';
import { isCredentialPath, normalizePath } from '../sensitive-paths.js';

/** Stored secrets turned into plain text: Credential Manager, DPAPI secure strings, the WinRT vault. */
const SECRET_READ =
  /\bGet-StoredCredential\b|\bSecureStringToBSTR\b|\bSecureStringToGlobalAlloc\w*|\.RetrievePassword\s*\(|\bGetNetworkCredential\s*\(\s*\)\s*\.\s*Password\b|\bConvertFrom-SecureString\b[^;|\n]*-AsPlainText\b|\bcmdkey(?:\.exe)?\s+\/list\b|\bvaultcmd(?:\.exe)?\s+\/list(?:creds)?\b|\brundll32(?:\.exe)?\s+keymgr(?:\.dll)?\s*,\s*KRShowKeyMgr\b/i;
/** The whole environment listed: `Get-ChildItem Env:`, `dir env:`, `[Environment]::GetEnvironmentVariables()`. */
const ENV_DUMP =
  /\b(?:Get-ChildItem|gci|ls|dir|Get-Item|gi)\s+(?:-Path\s+)?['"]?Env:(?:[\\/]?\*?)?['"]?(?=\s|$|[;|)])|\[(?:System\.)?Environment\]::GetEnvironmentVariables\s*\(/i;
/** Other processes' environments: `Get-Process | % { $_.StartInfo.EnvironmentVariables }`. */
const PROCESS_ENV =
  /(?:\b(?:Get-Process|gps)\b|\bGetProcess(?:es|ById|esByName)?\s*\()[\s\S]{0,400}?\.StartInfo\s*\.\s*Environment(?:Variables)?\b/i;
/** A web request that sends a body or a file. */
const SENDER = /\b(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)\b[^;\n]*/gi;
/** A file read inside a request's body, or the file `-InFile` uploads. */
const SENT_FILE =
  /(?:\b(?:Get-Content|gc|cat|type)\s+(?:-Path\s+|-LiteralPath\s+)?|\[(?:System\.)?IO\.File\]::Read\w*\(\s*|-InFile\s+)['"]?([^\s'")]+)/gi;
const URL_HOST = /https?:\/\/([A-Za-z0-9.-]+)/;
/** Registry writes: the cmdlets that create or set a value or key. */
const REG_WRITE = /\b(?:New-ItemProperty|Set-ItemProperty|New-Item|sp)\b[^;\n]*/gi;

/** A Windows path as the portable form the credential patterns know (`$env:USERPROFILE\.aws` is `~/.aws`). */
export function portable(p: string): string {
  return normalizePath(
    p
      .replace(
        /^(?:\$env:(?:USERPROFILE|HOME)|\$HOME|%USERPROFILE%|C:[\\/]Users[\\/][^\\/]+)/i,
        '~',
      )
      .replace(/\\/g, '/'),
  );
}

/** Credential files a request sends, with the request's host. */
function credentialUploads(code: string): IntentHit[] {
  const hits: IntentHit[] = [];
  for (const m of code.matchAll(SENDER)) {
    const request = m[0];
    if (!/-(?:Body|InFile)\b/i.test(request)) continue;
    const host = URL_HOST.exec(request)?.[1]?.toLowerCase();
    for (const f of request.matchAll(SENT_FILE)) {
      const path = portable(f[1] ?? '');
      if (!isCredentialPath(path)) continue;
      hits.push({ intent: 'credential_read', detail: `pwsh sends ${path}` });
      hits.push({
        intent: 'upload',
        detail: `pwsh uploads ${path}`,
        hosts: host === undefined ? [] : [host],
      });
    }
  }
  return hits;
}

/** A file's content read: `Get-Content` and its aliases, `[IO.File]::Read*(...)`. */
const FILE_READ =
  /(?:\b(?:Get-Content|gc|cat|type)\s+(?:-Path\s+|-LiteralPath\s+)?|\[(?:System\.)?IO\.File\]::Read\w*\(\s*)['"]?([^\s'")]+)/gi;

/** Credential files read anywhere in the code, printed or kept in a variable. */
function credentialReads(code: string): IntentHit[] {
  const hits: IntentHit[] = [];
  for (const f of code.matchAll(FILE_READ)) {
    const path = portable(f[1] ?? '');
    // `Get-Content ~\.npmrc | Select-String registry` shows the lines a harmless pattern picks, as
    // `grep registry ~/.npmrc` does; a pattern naming a secret's word (`VSCE_PAT=`, a personal
    // access token) prints the secret
    const after = code.slice(f.index + f[0].length).split(/[;\n]/)[0] ?? '';
    const pick = /\|\s*(?:Select-String|sls|findstr)\s+(?:-Pattern\s+)?['"]?([^'"\s|;]+)/i.exec(
      after,
    );
    if (
      pick !== null &&
      !/token|auth|pass|secret|key|cred|(?<![a-z])pat(?![a-z])|pwd|dsn|cookie|session|private|\.\*|^\.$/i.test(
        pick[1] ?? '',
      )
    )
      continue;
    if (isCredentialPath(path))
      hits.push({ intent: 'credential_read', detail: `pwsh reads ${path}` });
  }
  return hits;
}

/** Effects of PowerShell code on secrets and autostart (the deletes are in powershell.ts). */
export function powershellAccess(code: string): IntentHit[] {
  const hits: IntentHit[] = [];
  if (SECRET_READ.test(code))
    hits.push({ intent: 'credential_read', detail: 'pwsh reads stored credentials' });
  if (PROCESS_ENV.test(code))
    hits.push({ intent: 'credential_read', detail: "pwsh reads other processes' environments" });
  if (ENV_DUMP.test(code))
    hits.push({ intent: 'credential_read', detail: 'pwsh dumps the whole environment' });
  hits.push(...credentialUploads(code), ...credentialReads(code));
  for (const m of code.matchAll(REG_WRITE))
    if (/\bHK(?:CU|LM|EY_\w+)\b/i.test(m[0]) && AUTOSTART_KEY.test(m[0]))
      hits.push({ intent: 'sensitive_write', detail: 'pwsh adds a Windows autostart' });
  return hits;
}
