// docs/GOVERNANCE.md "Reporting and aggregation": consent is never retroactive. A window that ended
// before the operator turned reporting on is refused, and in the window that was running then only
// what happened after that instant counts.
import { NodeError } from '../errors.js';
import type { Window } from './evidence.js';

/**
 * The part of `window` that consent covers, given the unix second reporting was enabled.
 *
 * @throws NodeError report_retroactive
 * @example consentedPart({ start: 3600, duration: 3600 }, 5000) // { start: 5000, duration: 2200 }
 */
export function consentedPart(window: Window, enabledAt: number | undefined): Window {
  if (enabledAt === undefined)
    throw new NodeError(
      'report_retroactive',
      'this node does not record when reporting was enabled, so no window can be shown to be after it',
      'run: mesh report disable && mesh report enable (windows from then on are reported)',
    );
  const end = window.start + window.duration;
  if (end <= enabledAt)
    throw new NodeError(
      'report_retroactive',
      `window ${window.start} ended before reporting was enabled (${new Date(enabledAt * 1000).toISOString()}); consent is never retroactive`,
      'report a window that ends after reporting was enabled',
    );
  const start = Math.max(window.start, enabledAt);
  return { start, duration: end - start };
}
