// The issuer of a secret a store prints, by the secret's name: `doppler secrets get LINEAR_API_KEY`,
// `op read op://Dev/app/STRIPE_SECRET_KEY`, `vault kv get -field=OPENAI_API_KEY secret/app`. A name
// of the issuer table's variables names its issuer, so the value sent to that issuer's API is its
// documented use (docs/guard.md "Credential routing"). A name that is no such variable names none.
import { issuersNamedIn, type Issuer } from '../egress/issuers.js';
import type { ShellCommand } from './model.js';

/** Options whose value names the secret read, per store. */
const NAME_OPTIONS = /^(?:-field|--field|--secret-id|--secret|--name|-n|--key)$/;

/** The words that may name the secret: operands, a store path's segments and named options. */
function nameWords(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const glued = /^(--?[\w-]+)=(.*)$/.exec(a);
    if (glued !== null) {
      if (NAME_OPTIONS.test(glued[1] ?? '')) out.push(glued[2] ?? '');
      continue;
    }
    if (NAME_OPTIONS.test(a)) {
      out.push(argv[i + 1] ?? '');
      i++;
    } else if (!a.startsWith('-')) out.push(...a.split('/'));
  }
  return out;
}

/**
 * The one issuer whose variable names the secret `c` (a secret store's read) prints, or null when
 * no name, or names of several issuers, are there.
 */
export function storeReadIssuer(c: ShellCommand): Issuer | null {
  const names = nameWords(c.argv).filter((w) => /^[A-Z][A-Z0-9_]{2,63}$/.test(w));
  if (names.length === 0) return null;
  const found = issuersNamedIn(names.map((n) => `$${n}`).join(' '));
  return found.length === 1 ? (found[0] ?? null) : null;
}
