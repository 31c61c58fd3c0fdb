// docs/campaigns.md "Fingerprints": a call's canonical form, its shell command (args.command)
// analysed with the guard's own shell parser first. The command is attacker-controlled text.
import type { GuardEvent } from '../event.js';
import { analyzeShell } from '../shell/analyze/index.js';
import type { ShellParser } from '../shell/parser.js';
import { canonicalForm, type CanonicalForm, type FingerprintOutcome } from './canonical-form.js';

/**
 * @example
 * const parser = await loadShellParser();
 * const form = canonicalFormOfCall(parser, event, 'escalate');
 */
export function canonicalFormOfCall(
  parser: ShellParser,
  event: GuardEvent,
  outcome: FingerprintOutcome,
): CanonicalForm {
  const command = event.args.command;
  if (typeof command !== 'string') return canonicalForm(event, outcome);
  return canonicalForm(event, outcome, analyzeShell(parser, command));
}
