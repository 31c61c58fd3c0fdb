// Requests as a channel from interpreter code: `d = b64encode(zlib.compress(open(k).read()))`, then
// `for i in range(0, len(d), 900): urlopen(url % d[i:i+900])`. A file read, encoded and cut into
// slices each sent by an HTTP call is an upload of the file whatever part of the request carries the
// slice (query, path, header, body); taint never sees the re-encoded bytes, so the shape is the
// finding (docs/guard.md "Interpreter code"). Sending a file whole to an API, or slicing it without
// encoding into a multipart upload, is left to the other readers.
import { isLoopbackHost } from '../egress/internal-hosts.js';
import type { IntentHit } from '../shell/intents.js';

const MAX_CODE = 64 * 1024;
/** The code reads a file's bytes (Python, Node, Ruby, Perl, Go, PowerShell). */
const READS_FILE =
  /\bopen\s*\(|readFileSync|readFile\s*\(|File\.(?:read|binread|open)|os\.ReadFile|ioutil\.ReadFile|Get-Content|ReadAllBytes|ReadAllText|read_file|<\$\w+>|Path\([^)]*\)\.read_(?:bytes|text)/;
/** The bytes are encoded for a URL or a header: base64/32/16, hex. */
const ENCODES =
  /b(?:16|32|64)encode|urlsafe_b64encode|\bhexlify\b|\.hex\s*\(\)|toString\s*\(\s*['"](?:hex|base64(?:url)?)|encode_base(?:32|64)|strict_encode64|\bpack\s*\(\s*['"][mH]|ToBase64String|EncodeToString|\[Convert\]::ToBase64/;
/** The encoded text is cut into fixed slices. */
const SLICES =
  /\[\s*\w+\s*:\s*\w+\s*\+\s*\w+\s*\]|\.slice\s*\(\s*\w+\s*,\s*\w+\s*\+|\bsubstr(?:ing)?\s*\(\s*\w+\s*,|\.Substring\s*\(\s*\w+\s*,|each_slice|\bscan\s*\(\s*\/\.\{\d|\.chunks?\s*\(/;
/** HTTP clients' request calls, each followed by the address it names. */
const SENDS =
  /\b(?:urlopen|urllib\.request\.Request|requests\.(?:get|post|put|head)|httpx\.(?:get|post|put)|http\.(?:get|post|request)|https\.(?:get|request)|fetch|Net::HTTP\.(?:get|post)|URI\.open|HTTParty\.(?:get|post)|LWP::Simple::get|\$ua->(?:get|post)|http\.(?:Get|Post)|Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b/g;
const HOST = /https?:\/\/([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/;

/** Encoded slices of a read file each sent by an HTTP request, as upload hits; none otherwise. */
export function slicedSends(source: string): IntentHit[] {
  // most code sends nothing of the kind: one substring test before any regex
  if (!source.includes('http')) return [];
  const code = source.length > MAX_CODE ? source.slice(0, MAX_CODE) : source;
  if (!READS_FILE.test(code) || !ENCODES.test(code) || !SLICES.test(code)) return [];
  const hits: IntentHit[] = [];
  for (const m of code.matchAll(SENDS)) {
    const after = code.slice(m.index + m[0].length, m.index + m[0].length + 300);
    const host = HOST.exec(after.split('\n')[0] ?? '')?.[1]?.toLowerCase();
    if (host === undefined || isLoopbackHost(host)) continue;
    hits.push({
      intent: 'upload',
      detail: `${m[0]} sends encoded slices of a file to ${host}`,
      hosts: [host],
    });
    if (hits.length >= 4) break;
  }
  return hits;
}
