// A file's content sent away by PowerShell in one command: a variable assigned from a file read
// (`$c = (Get-Content .\appsettings.json | ConvertFrom-Json).ConnectionStrings.Blob`), or one
// derived from it (`$b = [Convert]::ToBase64String(...$c...)`), used in a web request's URL, body or
// headers is an upload of that file's data to the request's host (docs/guard.md "Interpreter code").
import type { IntentHit } from '../shell/intents.js';

/** Cmdlets in command position and .NET calls that read a file's content (not `-ContentType`). */
const FILE_READ =
  /(?:^\s*|[(|=]\s*)(?:Get-Content|gc|type|cat|Import-Csv|Import-Clixml)\s|\[(?:System\.)?IO\.File\]::Read\w*\(/i;
const ASSIGN = /^\s*\$([A-Za-z_]\w*)\s*=\s*([\s\S]+)$/;
const REQUEST = /\b(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)\b/i;
const URL_HOST = /https?:\/\/([A-Za-z0-9.-]+)/;
/** Most statements read: the code is attacker-controlled (an agent wrote it). */
const MAX_STATEMENTS = 256;

const uses = (text: string, names: Set<string>): boolean =>
  [...text.matchAll(/\$([A-Za-z_]\w*)/g)].some((m) => names.has((m[1] ?? '').toLowerCase()));

/** Uploads of file data by web requests, each with the request's host. */
export function powershellFileSends(code: string): IntentHit[] {
  const fromFile = new Set<string>();
  const hits: IntentHit[] = [];
  for (const statement of code.split(/[;\n]/).slice(0, MAX_STATEMENTS)) {
    const a = ASSIGN.exec(statement);
    if (a !== null && (FILE_READ.test(a[2] ?? '') || uses(a[2] ?? '', fromFile))) {
      fromFile.add((a[1] ?? '').toLowerCase());
      continue;
    }
    // `-InFile` and `-Form` send a file whatever it is, as curl's `-T` and `-F field=@file` do
    const sends = FILE_READ.test(statement) || /\s-(?:InFile|Form)\b/i.test(statement);
    if (!REQUEST.test(statement) || !(uses(statement, fromFile) || sends)) continue;
    const host = URL_HOST.exec(statement)?.[1]?.toLowerCase();
    hits.push({
      intent: 'upload',
      detail: 'pwsh sends data read from a file',
      hosts: host === undefined ? [] : [host],
    });
  }
  return hits;
}

/** Every web request's host: a plain request reaches it, as `curl URL` does. */
export function powershellRequests(code: string): IntentHit[] {
  const hits: IntentHit[] = [];
  for (const statement of code.split(/[;\n]/).slice(0, MAX_STATEMENTS)) {
    if (!REQUEST.test(statement)) continue;
    const host = URL_HOST.exec(statement)?.[1]?.toLowerCase();
    if (host !== undefined)
      hits.push({ intent: 'network', detail: `pwsh reaches ${host}`, hosts: [host] });
  }
  return hits;
}
