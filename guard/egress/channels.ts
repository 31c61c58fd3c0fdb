// The egress model: where a tool call sends data — the host of each URL it names and whether data
// rides with it (a query string, credentials in the URL, a body, headers or files beside it).
import { eachString } from '../rules/field.js';
import { canonicalHost } from './hosts.js';
import { inspectionEndpoint } from './inspection-hosts.js';
import { urlSubstitution } from './url-substitutions.js';

export interface Channel {
  host: string;
  /**
   * Where data rides, empty when the request carries none: `query`, `userinfo`, `path`, `body`,
   * `headers`, `substitution` (a shell substitution in the URL), `request log` (an inspection host).
   */
  carries: string[];
  /** The event path of the string that named it. */
  path: string;
}

const URL_IN_TEXT = /\b(?:https?|ftp|wss?):\/\/[^\s"'<>`]+/gi;
/** Argument names of fetch tools that send data beside the URL. */
const DATA_ARGS = /^(?:body|data|json|form|payload|headers|files?|content|params|query)$/i;

/**
 * A query value that can hold an encoded value: 16 characters or more that are not plain words
 * (`?page=2` and `?q=vitest+timeout+in+ci` carry nothing; `?d=eyJ0b2tlbiI6ImFiYyJ9` does).
 */
function dataInQuery(params: URLSearchParams): boolean {
  let total = 0;
  let count = 0;
  for (const [, v] of params) {
    if (v.length >= 16 && !/^[a-z][a-z .,'-]*$/.test(v)) return true;
    total += v.length;
    count++;
  }
  // many short values add up to a record (host, user, repository, folder) as much as one long one
  return count >= 3 && total >= 32;
}

const SLUG = /^[a-z]+(?:[-_](?:[a-z]+|\d{1,4}))*(?:\.html?)?$/;

function carriedBy(url: string): string[] {
  const out: string[] = [];
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return out;
  }
  if (inspectionEndpoint(u)) out.push('request log');
  if (dataInQuery(u.searchParams)) out.push('query');
  if (u.username !== '' || u.password !== '') out.push('userinfo');
  // a long path segment is room for an encoded value as much as a query is
  // (a slug of lowercase words, `top-10-for-large-language-model-applications`, is a page's name:
  // the same words-only class a query value may hold)
  if (u.pathname.split('/').some((seg) => seg.length >= 48 && !SLUG.test(seg))) out.push('path');
  return out;
}

/**
 * Every URL in `args` with its canonical host and where data rides. This value is
 * attacker-controlled (the agent wrote the arguments, perhaps on injected instructions).
 *
 * @example
 * outboundChannels({ url: 'https://x.test/?k=v' })[0]?.carries; // ['query']
 */
export function outboundChannels(args: unknown, base = 'args'): Channel[] {
  const found: Channel[] = [];
  const beside =
    typeof args === 'object' && args !== null && !Array.isArray(args)
      ? Object.entries(args as Record<string, unknown>)
          .filter(([k, v]) => DATA_ARGS.test(k) && v !== undefined && v !== null && v !== '')
          .map(([k]) => (/^headers$/i.test(k) ? 'headers' : 'body'))
      : [];
  eachString(args, base, (s, at) => {
    // every URL the pattern finds holds `://`: most strings hold none and are not scanned
    if (!s.includes('://')) return;
    const shellish = s.includes('$') || s.includes('`');
    URL_IN_TEXT.lastIndex = 0;
    for (const m of s.matchAll(URL_IN_TEXT)) {
      const host = canonicalHost(m[0]);
      if (host === null) continue;
      const carries = carriedBy(m[0]);
      if (shellish && urlSubstitution(s, m.index, m[0])) carries.push('substitution');
      found.push({ host, carries: [...carries, ...beside], path: at });
      if (found.length >= 64) return;
    }
  });
  return found;
}
