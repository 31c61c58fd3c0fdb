// Issue 8 "Flow and taint": the stage that turns sensitive tool results into taint. A result is
// sensitive when some loaded flow rule names its tool and target as a source.
import type { Hit } from '../decision.js';
import type { GuardStage } from '../engine.js';
import type { GuardEvent } from '../event.js';
import { sourceMatches, type SourceSelector } from './flow-condition.js';
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

/** Registers a result as taint when a source selector matches it; returns whether it did. */
export function observeIfSource(
  tracker: FlowTracker,
  sources: readonly SourceSelector[],
  event: GuardEvent,
): boolean {
  if (event.phase !== 'result' || event.result === undefined) return false;
  const source = { tool: event.tool, label: targetOf(event.args) };
  if (!sources.some((s) => sourceMatches(s, { kind: 'result', ...source }))) return false;
  tracker.observeResult(event.session ?? '', source, event.result);
  return true;
}

export function flowStage(tracker: FlowTracker, sources: readonly SourceSelector[]): GuardStage {
  return {
    name: 'flow',
    evaluate(event: GuardEvent): Hit[] {
      observeIfSource(tracker, sources, event);
      return [];
    },
  };
}
