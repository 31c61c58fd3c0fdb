// docs/campaigns.md "The forge": a candidate's no_match examples — calls one step away from the
// campaign's shape (one argument, flag or key fewer), made up from the form, and that do not have
// the campaign's fingerprint; plain everyday calls of the same tool fill up the rest.
import {
  canonicalFormOfCall,
  canonicalJson,
  fingerprintOf,
  realizeForm,
  type CanonicalForm,
  type GuardEvent,
  type ShellParser,
} from '../../guard/index.js';

const STRUCTURAL = /^(?:\|\d+\/\d+|\$\(\)|nested:\d|<stdin>|tainted|.*:)$/;
const EVERYDAY = ['ls -la', 'git status', 'npm test', 'cat README.md', 'echo done', 'pwd'];

/** Forms with one token fewer: any argument after the program, or one key of a tool call. */
function neighbours(form: CanonicalForm): CanonicalForm[] {
  const shellForm = form.shape.some((c) => c.some((t) => !/^.+=<.+>$/.test(t)));
  const out: CanonicalForm[] = [];
  form.shape.forEach((cmd, ci) => {
    const program = shellForm ? cmd.findIndex((t) => !t.endsWith(':')) : -1;
    cmd.forEach((tok, ti) => {
      if (ti === program || STRUCTURAL.test(tok)) return;
      const shape = form.shape.map((c, i) => (i === ci ? c.filter((_, j) => j !== ti) : c));
      if (shape[ci]?.length !== 0) out.push({ ...form, shape });
    });
  });
  return out;
}

/**
 * Up to `count` calls near `form` whose fingerprint (at `bits`) is none of `fingerprints`.
 *
 * @example
 * const noMatch = nearMisses(parser, form, 32, new Set([fp]), 5);
 */
export function nearMisses(
  parser: ShellParser,
  form: CanonicalForm,
  bits: number,
  fingerprints: ReadonlySet<string>,
  count: number,
): GuardEvent[] {
  const out: GuardEvent[] = [];
  const seen = new Set<string>();
  const differs = (e: GuardEvent): boolean =>
    (['block', 'escalate', 'near-miss'] as const).every(
      (o) => !fingerprints.has(fingerprintOf(canonicalFormOfCall(parser, e, o), bits).bits),
    );
  const add = (e: GuardEvent): void => {
    const key = canonicalJson(e);
    if (out.length < count && !seen.has(key) && differs(e)) {
      seen.add(key);
      out.push(e);
    }
  };
  for (const n of neighbours(form)) for (const e of realizeForm(parser, n, 2)) add(e);
  const tool = realizeForm(parser, form, 1)[0]?.tool ?? 'Bash';
  for (const command of EVERYDAY) add({ phase: 'call', tool, args: { command } });
  return out;
}
