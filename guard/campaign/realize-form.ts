// docs/campaigns.md "The forge": concrete example calls of a canonical form — every kind in the
// form replaced by a made-up literal of that kind — each checked to have exactly that form again.
// The forge uses them as a candidate rule's match examples; nothing here comes from a real call.
import type { GuardEvent } from '../event.js';
import { canonicalFormOfCall } from '../fingerprint/of-call.js';
import type { CanonicalForm } from '../fingerprint/canonical-form.js';
import { canonicalJson } from '../receipts/canonical.js';
import type { ShellParser } from '../shell/parser.js';
import { literalOfKind, valueOfKind } from './kind-literals.js';

const KIND = /^<([a-z@-]+(?::[a-z0-9-]+){0,2})>$/;
const STAGE = /^\|(\d+)\/(\d+)$/;
const REDIRECT = /^(>>|>|<|2>|2>>|&>)<path:([a-z-]+)>$/;
const FLAG_VALUE = /^(--?[A-Za-z][A-Za-z0-9-]{0,39})=<(.+)>$/;

function quote(s: string): string {
  return /^[\w@%+=:,./~*-]+$/.test(s) && !/^~.*\*/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

function shellWord(tok: string, v: number): string | undefined {
  const k = KIND.exec(tok);
  if (k) {
    const kind = k[1] ?? '';
    if (kind === 'program') return `tool${v}x`;
    const lit = literalOfKind(kind, v);
    // A home path must stay unquoted so that the shell analysis sees `~`.
    return lit === undefined ? undefined : kind.startsWith('path:') ? lit : quote(lit);
  }
  const f = FLAG_VALUE.exec(tok);
  if (f) {
    const lit = literalOfKind(f[2] ?? '', v);
    return lit === undefined ? undefined : `${f[1] ?? ''}=${quote(lit)}`;
  }
  if (tok.includes('<') || tok.includes('>') || tok === '$()' || tok.startsWith('nested:'))
    return undefined;
  return tok === 'tainted' ? undefined : tok;
}

function shellCommand(shape: readonly string[], v: number): string | undefined {
  const words: string[] = [];
  const redirects: string[] = [];
  for (const tok of shape) {
    if (STAGE.test(tok)) continue;
    const r = REDIRECT.exec(tok);
    if (r) {
      const lit = literalOfKind(`path:${r[2] ?? ''}`, v);
      if (lit === undefined) return undefined;
      redirects.push(`${r[1] ?? ''} ${lit}`);
      continue;
    }
    const w = tok.endsWith(':') && tok.length > 1 ? tok.slice(0, -1) : shellWord(tok, v);
    if (w === undefined) return undefined;
    words.push(w);
  }
  return [...words, ...redirects].join(' ');
}

function toolName(tool: string, v: number): string {
  if (tool === '<tool>') return `custom_tool${v}`;
  if (tool.startsWith('mcp:')) {
    const t = tool.slice(4);
    return `mcp__srv${v}__${t === '<tool>' ? `thing${v}` : t}`;
  }
  return tool;
}

function argsOf(entries: readonly string[], v: number): Record<string, unknown> | undefined {
  const args: Record<string, unknown> = {};
  let extra = 0;
  for (const e of entries) {
    const m = /^(.+)=<(.+)>$/.exec(e);
    if (!m) return undefined;
    const key = m[1] === '<key>' ? `field${extra++}x` : (m[1] ?? '');
    const value = valueOfKind(m[2] ?? '', v);
    if (value === undefined || key in args) return undefined;
    args[key] = value;
  }
  return args;
}

function candidate(form: CanonicalForm, v: number): GuardEvent | undefined {
  const shellForm = form.shape.some((c) => c.some((t) => !/^.+=<.+>$/.test(t)));
  const tool = toolName(form.tool, v);
  if (!shellForm) {
    const args = argsOf(form.shape[0] ?? [], v);
    return args === undefined ? undefined : { phase: 'call', tool, args };
  }
  const cmds = form.shape.map((c) => shellCommand(c, v));
  if (cmds.some((c) => c === undefined)) return undefined;
  // Consecutive stages of one pipeline are joined with `|`, separate commands with `;`.
  let text = '';
  form.shape.forEach((c, i) => {
    const stage = c.map((t) => STAGE.exec(t)).find((m) => m !== null);
    const sep = i === 0 ? '' : stage && stage[1] !== '0' ? ' | ' : '; ';
    text += sep + (cmds[i] ?? '');
  });
  return { phase: 'call', tool, args: { command: text } };
}

/**
 * Up to `count` distinct calls whose canonical form is exactly `form` (as canonicalFormOfCall
 * computes it). Fewer (possibly none) when the form holds parts that cannot be made up, such as
 * command substitutions or nesting.
 *
 * @example
 * const events = realizeForm(parser, form, 5);
 * events.every((e) => canonicalJson(canonicalFormOfCall(parser, e, form.outcome)) === canonicalJson(form));
 */
export function realizeForm(parser: ShellParser, form: CanonicalForm, count: number): GuardEvent[] {
  const want = canonicalJson(form);
  const out: GuardEvent[] = [];
  const seen = new Set<string>();
  for (let v = 0; v < count * 4 && out.length < count; v++) {
    const e = candidate(form, v);
    if (e === undefined) continue;
    const key = canonicalJson(e);
    if (seen.has(key)) continue;
    if (canonicalJson(canonicalFormOfCall(parser, e, form.outcome)) !== want) continue;
    seen.add(key);
    out.push(e);
  }
  return out;
}
