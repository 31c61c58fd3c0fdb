// Requests as a channel from interpreter code: `d = b64encode(zlib.compress(open(k).read()))`, then
// `for i in range(0, len(d), 900): urlopen(url % d[i:i+900])`. A file read, encoded and cut into
// slices each sent by an HTTP call is an upload of the file whatever part of the request carries the
// slice (query, path, header, body); taint never sees the re-encoded bytes, so the shape is the
// finding (docs/guard.md "Interpreter code"). Slices of the raw bytes (`d[i:i+500]`,
// `buf.subarray(i, i + n)`) count when the request's own arguments hold a slice, or a name assigned
// one: raw text sliced somewhere else in code that also makes a request is common and sends nothing
// of the file. Sending a file whole to an API is left to the other readers.
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
  /\[\s*\w+\s*:\s*\w+\s*\+\s*\w+\s*\]|\.(?:slice|subarray)\s*\(\s*\w+\s*,\s*\w+\s*\+|\bsubstr(?:ing)?\s*\(\s*\w+\s*,|\.Substring\s*\(\s*\w+\s*,|each_slice|\bscan\s*\(\s*\/\.\{\d|\.chunks?\s*\(/;
/** HTTP clients' request calls, each followed by the address it names. */
const SENDS =
  /\b(?:urlopen|urllib\.request\.Request|requests\.(?:get|post|put|head)|httpx\.(?:get|post|put)|http\.(?:get|post|request)|https\.(?:get|request)|fetch|Net::HTTP\.(?:get|post)|URI\.open|HTTParty\.(?:get|post)|LWP::Simple::get|\$ua->(?:get|post)|http\.(?:Get|Post)|require\(\s*['"](?:node:)?https?['"]\s*\)\.(?:get|request)|Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b/g;
const HOST = /https?:\/\/([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/;
/** A slice at an offset (`d[i:i+500]`, `.slice(i, i + n)`, `.subarray(i, i + n)`): the raw form. */
const RAW_SLICE =
  /\[\s*\w+\s*:\s*\w+\s*\+\s*\w+\s*\]|\.(?:slice|subarray)\s*\(\s*\w+\s*,\s*\w+\s*\+/;
/** A name assigned a slice: `chunk = data[i:i+500]`, `const c = buf.subarray(i, i + n)`. */
const SLICE_VAR =
  /\b([A-Za-z_]\w{0,63})\s*=\s*[\w.]{1,128}(?:\[\s*\w+\s*:\s*\w+\s*\+\s*\w+\s*\]|\.(?:slice|subarray)\s*\(\s*\w+\s*,\s*\w+\s*\+)/g;
const MAX_ARGS = 600;

/** The text of a call's parenthesised arguments after its name, at most 600 characters. */
function callArgs(code: string, at: number): string {
  let i = at;
  while (code[i] === ' ') i++;
  if (code[i] !== '(') return '';
  let depth = 0;
  const end = Math.min(code.length, i + MAX_ARGS);
  for (let j = i; j < end; j++) {
    if (code[j] === '(') depth++;
    else if (code[j] === ')' && --depth === 0) return code.slice(i, j + 1);
  }
  return code.slice(i, end);
}

/** Whether a request's arguments carry a raw slice, directly or through a name assigned one. */
function sendsSlice(args: string, sliceVars: readonly string[]): boolean {
  if (RAW_SLICE.test(args)) return true;
  const words = new Set(args.match(/\b[A-Za-z_]\w{0,63}\b/g) ?? []);
  return sliceVars.some((v) => words.has(v));
}

/** Encoded or raw slices of a read file each sent by an HTTP request, as upload hits; none otherwise. */
export function slicedSends(source: string): IntentHit[] {
  // most code sends nothing of the kind: one substring test before any regex
  if (!source.includes('http')) return [];
  const code = source.length > MAX_CODE ? source.slice(0, MAX_CODE) : source;
  if (!READS_FILE.test(code) || !SLICES.test(code)) return [];
  const encoded = ENCODES.test(code);
  const sliceVars = encoded
    ? []
    : [...code.matchAll(SLICE_VAR)].slice(0, 16).map((v) => v[1] ?? '');
  const hits: IntentHit[] = [];
  for (const m of code.matchAll(SENDS)) {
    const at = m.index + m[0].length;
    const after = code.slice(at, at + 300);
    const host = HOST.exec(after.split('\n')[0] ?? '')?.[1]?.toLowerCase();
    if (host === undefined || isLoopbackHost(host)) continue;
    if (!encoded && !sendsSlice(callArgs(code, at), sliceVars)) continue;
    hits.push({
      intent: 'upload',
      detail: `${m[0]} sends ${encoded ? 'encoded' : 'raw'} slices of a file to ${host}`,
      hosts: [host],
    });
    if (hits.length >= 4) break;
  }
  return hits;
}
