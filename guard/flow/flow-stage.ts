// Flow and taint: the stage that turns sensitive tool results into taint. A result is
// sensitive when some loaded flow rule names its tool and target as a source; a Bash result's targets
// are the files its command read.
import type { Hit } from '../decision.js';
import type { ShellView } from '../detectors/detector.js';
import type { GuardStage } from '../engine.js';
import type { GuardEvent } from '../event.js';
import { analyzeShell } from '../shell/analyze/index.js';
import type { ShellAnalysis } from '../shell/model.js';
import { loadShellParser } from '../shell/parser.js';
import { bashReads } from './bash-reads.js';
import { credentialOutputs } from './credential-commands.js';
import { sourceMatches, type SourceSelector } from './flow-condition.js';
import { credentialValues, notCredentialPlace } from './content-taint.js';
import { resultText } from './flow-check.js';
import { DEFAULT_FLOW_LIMITS } from './flow-limits.js';
import type { FlowTracker } from './tracker.js';

const TARGET_KEYS = [
  'file_path',
  'path',
  'notebook_path',
  'url',
  'uri',
  'command',
  'pattern',
  'query',
];

/** What a call acted on, as the label of the taint its result creates (never the result itself). */
export function targetOf(args: Record<string, unknown>): string {
  for (const k of TARGET_KEYS) {
    const v = args[k];
    if (typeof v === 'string' && v.length > 0) return v.slice(0, 512);
  }
  return '';
}

const MAX_LABEL = 512;

/** The analysis the rules' pass already made, else one made here (the parser is process-wide). */
async function analysisOf(
  command: string,
  shell: ((text: string) => ShellView) | undefined,
): Promise<ShellAnalysis> {
  const seen = shell?.(command).analysis;
  if (seen !== undefined && seen.commands.length > 0) return seen;
  return analyzeShell(await loadShellParser(), command);
}

/** Every label the result may be known by: the call's target, and for Bash each file it read and each credential it prints. */
export async function sourceLabels(
  event: GuardEvent,
  shell?: (text: string) => ShellView,
): Promise<string[]> {
  const labels = [targetOf(event.args)];
  const command = event.args.command;
  if (event.tool !== 'Bash' || typeof command !== 'string' || command.trim() === '') return labels;
  const analysis = await analysisOf(command, shell);
  if (analysis.status === 'ok') {
    for (const p of bashReads(analysis, event.cwd)) labels.push(p.slice(0, MAX_LABEL));
    labels.push(...credentialOutputs(analysis));
  }
  return labels;
}

/**
 * Content taint: every credential value of any result (content-taint.ts) becomes taint of kind
 * `credential`, labelled by the call's target; example, public and test files are skipped.
 */
export function observeCredentials(
  tracker: FlowTracker,
  event: GuardEvent,
  maxBytes: number,
): number {
  if (event.phase !== 'result' || event.result === undefined) return 0;
  const label = targetOf(event.args);
  if (notCredentialPlace(label)) return 0;
  const values = credentialValues(resultText(event.result, maxBytes));
  return values.length === 0
    ? 0
    : tracker.observeValues(event.session ?? '', { tool: event.tool, label }, values);
}

/** Registers a result as taint when a source selector matches it; returns whether it did. */
export async function observeIfSource(
  tracker: FlowTracker,
  sources: readonly SourceSelector[],
  event: GuardEvent,
  shell?: (text: string) => ShellView,
): Promise<boolean> {
  if (event.phase !== 'result' || event.result === undefined) return false;
  if (sources.length === 0) return false;
  // One observation under the first label a source names: a result is one read, however labelled.
  // Location only raises sensitivity: examples, public keys and tests are not sensitive places.
  for (const label of await sourceLabels(event, shell)) {
    if (notCredentialPlace(label)) continue;
    const source = { tool: event.tool, label };
    if (!sources.some((s) => sourceMatches(s, { kind: 'result', ...source }))) continue;
    tracker.observeResult(event.session ?? '', source, event.result);
    return true;
  }
  return false;
}

export function flowStage(tracker: FlowTracker, sources: readonly SourceSelector[]): GuardStage {
  return {
    name: 'flow',
    async evaluate(event, ctx): Promise<Hit[]> {
      await observeIfSource(tracker, sources, event, (t) => ctx.shell(t));
      observeCredentials(tracker, event, DEFAULT_FLOW_LIMITS.maxScanBytes);
      return [];
    },
  };
}
