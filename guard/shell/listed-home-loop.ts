// `for f in .npmrc .pypirc .netrc; do cat ~/$f; done`: a shell loop over a literal list of names,
// each joined to home in the body. The analysis expands a loop variable of one value only, so the
// loop's text is read here: a name that makes a credential file under home, in a body that reads
// files, is a credential read (docs/guard.md "Shell analysis").
import type { IntentHit } from './intents.js';
import { isCredentialPath } from '../sensitive-paths.js';

/** At most this much of a script is read. */
const MAX_SOURCE = 16 * 1024;
const LOOP =
  /\bfor\s+([A-Za-z_]\w*)\s+in\s+([^;\n]{1,800}?)\s*(?:;|\n)\s*do\b([\s\S]{0,2000}?)\bdone\b/g;
/** Programs in the body that print, copy, pack or send a file. */
const READER =
  /(?:^|[\s;|&(])(?:cat|tac|head|tail|less|more|grep|egrep|rg|sed|awk|cut|strings|base64|xxd|od|hexdump|cp|scp|rsync|tar|zip|7z|curl|wget|nc|openssl|gpg|type|Get-Content)\b/;

/** Credential files of home read by a loop over their names, as a hit, or none. */
export function listedHomeLoop(source: string): IntentHit[] {
  const text = source.slice(0, MAX_SOURCE);
  for (const m of text.matchAll(LOOP)) {
    const [, name = '', list = '', body = ''] = m;
    const joined = new RegExp(String.raw`(?:~|\$HOME|\$\{HOME\})/\$\{?${name}\}?(?![\w])`);
    if (!joined.test(body) || !READER.test(body)) continue;
    const found = list
      .split(/\s+/)
      .map((w) => w.replace(/^["']|["']$/g, ''))
      .find((w) => w !== '' && isCredentialPath(`~/${w}`));
    if (found !== undefined)
      return [{ intent: 'credential_read', detail: `a loop reads ~/${found} from a list` }];
  }
  return [];
}
