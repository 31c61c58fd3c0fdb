// A credential typed into a request to its own issuer's API (`curl https://api.github.com/user -H
// "Authorization: Bearer ghp_..."`) is its intended use, not a leak: every place the command sends
// anything must be that issuer's (docs/guard.md "Credentials and their issuers").
import {
  issuerHost,
  issuerOfLiteral,
  issuerOfProgram,
  REPLY_READERS,
  REQUEST_PROGRAMS,
  type Issuer,
} from '../egress/issuers.js';
import { issuerAssignments } from '../egress/issuer-assignments.js';
import { serverVarsStayWithIssuer } from '../egress/issuer-server-vars.js';
import { registryCliIssuer } from '../egress/registry-clis.js';
import { INTERPRETERS, SHELLS } from '../shell/wrappers.js';
import type { ShellAnalysis, ShellCommand } from '../shell/model.js';
import type { ShellView } from './detector.js';
import type { SecretMatch } from './secrets.js';
import { webhookIssuer } from './secret-webhook-issuer.js';
import { pairedIssuer } from './secret-formats-paired.js';

/** The header a value is the value of: `DD-API-KEY: v`, `'PRIVATE-TOKEN': 'v'`, `x-api-key=v`. */
const HEADER_BEFORE = /([A-Za-z][A-Za-z0-9-]{0,62})['"]?\s*[:=]\s*['"]?\s*$/;
/** An HTTP Basic credential, whose decoded `user:secret` may hold an issuer's format. */
const BASIC = /\bBasic\s+([A-Za-z0-9+/]{16,4096}={0,2})/g;
const URL_HOST = /^(?:https?|wss?):\/\/(?:[^\s/@]*@)?([A-Za-z0-9.-]+)/;
/** PowerShell's request cmdlets, and the cmdlets that only shape a reply further down a pipeline. */
const PS_REQUESTS = /^(?:Invoke-RestMethod|irm|Invoke-WebRequest|iwr)$/i;
const PS_REPLY =
  /^(?:Select-Object|select|ConvertTo-Json|ConvertFrom-Json|Format-Table|ft|Format-List|fl|Measure-Object|Out-String|Out-Null)$/i;
/** `$env:OPENAI_API_KEY=sk-...` as bash reads PowerShell's environment assignment. */
const PS_ENV_SET = /^\$env:([A-Za-z_][A-Za-z0-9_]{0,127})=/i;

/** A PowerShell statement that only puts the key in the issuer's own variable for this process. */
function issuerVariableSet(argv: readonly string[], issuer: Issuer): boolean {
  const name = argv.length === 1 ? PS_ENV_SET.exec(argv[0] ?? '')?.[1] : undefined;
  return name !== undefined && issuer.vars.test(name.toUpperCase());
}

/** A later entry of a PowerShell hashtable (`@{'a'=1;'b'=2}`) as bash splits it at the `;`. */
const PS_ENTRY =
  /^[A-Za-z][\w-]{0,62}=(?:[^\s$`'"(){};|&<>]{0,256}|\$env:([A-Za-z_]\w{0,127}))\}?$/;

/**
 * `-Headers @{'x-api-key'=$env:ANTHROPIC_API_KEY;'anthropic-version'='2023-06-01'}`: bash reads the
 * entries after the first as words of their own, which run nothing; one that names a variable
 * names the issuer's own.
 */
function hashtableEntry(c: ShellCommand, all: ShellAnalysis, issuer: Issuer): boolean {
  if (c.argv.length !== 1 || c.redirects.length > 0 || c.via !== undefined) return false;
  const m = PS_ENTRY.exec(c.argv[0] ?? '');
  if (m === null || (m[1] !== undefined && !issuer.vars.test(m[1].toUpperCase()))) return false;
  const at = all.commands.indexOf(c);
  return all.commands.slice(0, at).some((p) => p.argv.some((a) => a.startsWith('@{')));
}

export interface BoundSpan {
  start: number;
  end: number;
  issuer: Issuer;
}

function basicSpans(command: string): BoundSpan[] {
  const out: BoundSpan[] = [];
  for (const m of command.matchAll(BASIC)) {
    const b64 = m[1] ?? '';
    const decoded = Buffer.from(b64, 'base64').toString('latin1');
    const issuer = issuerOfLiteral(decoded, null);
    if (issuer === null) continue;
    const start = m.index + m[0].length - b64.length;
    out.push({ start, end: start + b64.length, issuer });
  }
  return out;
}

function issuerOf(command: string, m: SecretMatch, basics: readonly BoundSpan[]): Issuer | null {
  const inBasic = basics.find((b) => m.start >= b.start && m.end <= b.end);
  if (inBasic !== undefined) return inBasic.issuer;
  const hook = webhookIssuer(m) ?? pairedIssuer(m);
  if (hook !== null) return hook;
  const header = HEADER_BEFORE.exec(command.slice(Math.max(0, m.start - 80), m.start));
  return issuerOfLiteral(m.value, header?.[1] ?? null);
}

/** True when every command of the call only sends to `issuer` or shapes its reply. */
export function onlyToIssuer(view: ShellView, issuer: Issuer): boolean {
  if (view.analysis.status !== 'ok') return false;
  let requests = 0;
  for (const c of view.analysis.commands) {
    if (issuerVariableSet(c.argv, issuer) || hashtableEntry(c, view.analysis, issuer)) continue;
    if (PS_REPLY.test(c.name) && c.stage > 0) continue;
    if (c.dynamic === true || c.tainted === true || c.via !== undefined) return false;
    const program = issuerOfProgram(c.name) === issuer || registryCliIssuer(c) === issuer;
    if (program) {
      // a CLI pointed at another API base sends the key there
      for (const a of c.argv.slice(1)) {
        const host = URL_HOST.exec(a.replace(/^--?[\w-]+=/, ''))?.[1];
        if (host !== undefined && !issuerHost(issuer, host)) return false;
      }
      requests++;
    } else if (REPLY_READERS.has(c.name) && c.stage > 0) continue;
    else if (
      !REQUEST_PROGRAMS.has(c.name) &&
      !PS_REQUESTS.test(c.name) &&
      !(INTERPRETERS.has(c.name.replace(/[0-9.]+$/, '')) && !SHELLS.has(c.name))
    )
      return false;
  }
  for (const h of view.intents) {
    if (h.intent !== 'network' && h.intent !== 'upload') return false;
    const hosts = h.hosts ?? [];
    if (hosts.length === 0 || !hosts.every((x) => issuerHost(issuer, x))) return false;
    requests++;
  }
  return requests > 0;
}

/**
 * The spans of `command` that hold credentials sent only to their own issuers, or null when some
 * credential in it is not (an unknown format, another host alongside, a command that keeps it).
 */
export function issuerBoundSpans(
  command: string,
  found: readonly SecretMatch[],
  view: ShellView,
): BoundSpan[] | null {
  const basics = basicSpans(command);
  if (found.length === 0 && basics.length === 0) return [];
  const out: BoundSpan[] = [...basics];
  const checked = new Map<Issuer, boolean>();
  // a key in its issuer's variable for the issuer's CLI or a request (issuer-assignments.ts)
  const assigned = found.length === 0 ? [] : issuerAssignments(command, view);
  for (const m of found) {
    const issuer =
      issuerOf(command, m, basics) ??
      assigned.find((a) => a.start <= m.start && m.end <= a.end)?.issuer ??
      null;
    if (issuer === null) return null;
    out.push({ start: m.start, end: m.end, issuer });
  }
  for (const s of out) {
    let ok = checked.get(s.issuer);
    if (ok === undefined)
      checked.set(
        s.issuer,
        (ok = onlyToIssuer(view, s.issuer) && serverVarsStayWithIssuer(command, view, s.issuer)),
      );
    if (!ok) return null;
  }
  return out;
}

/**
 * `command` with its issuer-bound credentials and the issuers' host names blanked (a host name is
 * public, though a sensitive file may name it too: `//registry.npmjs.org/:_authToken=`), or null
 * when some credential is not bound.
 */
export function withoutIssuerBound(
  command: string,
  found: readonly SecretMatch[],
  view: ShellView,
): string | null {
  const spans = issuerBoundSpans(command, found, view);
  if (spans === null) return null;
  let out = command;
  for (const s of [...spans].sort((a, b) => b.start - a.start))
    out = `${out.slice(0, s.start)}${'_'.repeat(s.end - s.start)}${out.slice(s.end)}`;
  if (spans.length === 0) return out;
  for (const host of new Set(view.intents.flatMap((h) => h.hosts ?? [])))
    if (host.length > 0) out = out.split(host).join('_'.repeat(host.length));
  return out;
}
