// Rate/budget/loop limits per session, shared by hook processes: the `session_limits`
// detector and a stage, bound to one SessionRecorder, count each call event exactly once (whichever
// of them sees the event first), so limits hold across the processes of a session.
import type { Detector } from '../detectors/detector.js';
import { sessionLimitsWith } from '../detectors/session-limits.js';
import type { GuardStage } from '../engine.js';
import type { GuardEvent } from '../event.js';
import { NO_SESSION, type SessionRecorder, type SessionView } from '../session.js';

/** The key of a call for the loop limit, as the engine forms it (tool and bounded arguments). */
function callKey(event: GuardEvent): string {
  const raw = JSON.stringify(event.args);
  return `${event.tool}\u0000${raw.length > 4096 ? `${raw.slice(0, 4096)}#${raw.length}` : raw}`;
}

export interface DurableSessions {
  /** Replaces the built-in `session_limits` detector in the registry packs compile against. */
  detector: Detector;
  /** Counts call events no limit rule looked at, so every call counts. */
  stage: GuardStage;
}

export function durableSessions(recorder: SessionRecorder, now: () => number): DurableSessions {
  const seen = new WeakMap<GuardEvent, SessionView>();
  const viewOf = (event: GuardEvent): SessionView => {
    if (event.session === undefined || event.phase !== 'call') return NO_SESSION;
    let v = seen.get(event);
    if (v === undefined) {
      v = recorder.record(event.session, callKey(event), now());
      seen.set(event, v);
    }
    return v;
  };
  return {
    detector: sessionLimitsWith((ctx) => viewOf(ctx.event)),
    stage: {
      name: 'sessions',
      evaluate(event) {
        viewOf(event);
        return [];
      },
    },
  };
}
