// The detector contract: a named scanner with validated parameters that reports findings by field path.
import type { GuardEvent } from '../event.js';
import type { Json } from '../rules/types.js';
import type { ShellAnalysis } from '../shell/model.js';
import type { IntentHit } from '../shell/intents.js';
import type { SessionView } from '../session.js';
import type { SqlReading } from '../sql/effects.js';

export interface Finding {
  /** The event path of the offending string (`args.command`, `result.0.text`). */
  path: string;
  /** Why, with masked previews only: never the secret itself. */
  reason: string;
  /** For rewriting detectors (sanitizers, redactors): the string to put at `path` instead. */
  rewrite?: string;
}

export interface ShellView {
  analysis: ShellAnalysis;
  intents: readonly IntentHit[];
}

export interface DetectorContext {
  event: GuardEvent;
  /** The parsed shell view of a string (cached per string for the event). */
  shell(text: string): ShellView;
  /** What SQL would destroy (guard/sql/); absent where no engine runs, then read without it. */
  sql?(text: string): SqlReading;
  session: SessionView;
  /** Hosts the operator's config adds to every host policy (docs/guard.md "Egress"). */
  egressHosts?: readonly string[];
}

export interface Detector<P = unknown> {
  name: string;
  /** True when findings carry rewrites, so a MODIFY rule may use this detector. */
  rewrites(params: P): boolean;
  /** Validates parameters at load; throws a RuleError naming `path` on a bad one. */
  parseParams(params: Record<string, Json> | undefined, path: string): P;
  scan(value: unknown, path: string, ctx: DetectorContext, params: P): Finding[];
}

/** Masks a sensitive string for a reason or receipt: kind, length and the first 4 characters. */
export function mask(s: string): string {
  const head = s.slice(0, 4).replace(/[^\x20-\x7e]/g, '?');
  return `${head}${'*'.repeat(Math.min(8, Math.max(0, s.length - 4)))} (${s.length} chars)`;
}
