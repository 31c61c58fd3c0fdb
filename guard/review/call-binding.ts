// Escalation: what an approval is bound to: the exact call (tool, args digest, session, rule).
import { createHash } from 'node:crypto';
import { canonicalJson } from '../receipts/canonical.js';

export interface CallBinding {
  tool: string;
  /** SHA-256 of the canonical JSON of the call's arguments (keys sorted). */
  argsDigest: string;
  session: string;
  rule: string;
}

export function argsDigest(args: unknown): string {
  return createHash('sha256').update(canonicalJson(args)).digest('hex');
}

export function bindingOf(call: {
  tool: string;
  args: unknown;
  session?: string | undefined;
  rule: string | null;
}): CallBinding {
  return {
    tool: call.tool,
    argsDigest: argsDigest(call.args),
    session: call.session ?? '',
    rule: call.rule ?? '',
  };
}

export function sameBinding(a: CallBinding, b: CallBinding): boolean {
  return (
    a.tool === b.tool &&
    a.argsDigest === b.argsDigest &&
    a.session === b.session &&
    a.rule === b.rule
  );
}
