// Per-session counters for rate, budget and loop limits. SessionTable keeps them in the guard
// instance (one process); a front door whose process is one call (the hook) counts in a shared store.

export interface SessionView {
  /** Calls of this session, this one included. */
  calls: number;
  /** Calls of this session within the last minute, this one included. */
  callsLastMinute: number;
  /** How many times in a row this exact call (tool and args) has been made, this one included. */
  repeats: number;
}

interface SessionState {
  calls: number;
  recent: number[];
  lastKey: string;
  repeats: number;
  touched: number;
}

/** Counts one call of a session and returns the session's counters after it. */
export interface SessionRecorder {
  record(session: string, key: string, now: number): SessionView;
}

export const MAX_SESSIONS = 10_000;
export const MINUTE_MS = 60_000;

export class SessionTable implements SessionRecorder {
  private readonly sessions = new Map<string, SessionState>();

  /** Records one call and returns the session's counters after it. */
  record(session: string, key: string, now: number): SessionView {
    let s = this.sessions.get(session);
    if (s === undefined) {
      if (this.sessions.size >= MAX_SESSIONS) this.evictOldest();
      s = { calls: 0, recent: [], lastKey: '', repeats: 0, touched: now };
      this.sessions.set(session, s);
    }
    s.calls++;
    s.touched = now;
    s.recent.push(now);
    while ((s.recent[0] ?? now) <= now - MINUTE_MS) s.recent.shift();
    if (s.recent.length > 100_000) s.recent.splice(0, s.recent.length - 100_000);
    s.repeats = key === s.lastKey ? s.repeats + 1 : 1;
    s.lastKey = key;
    return { calls: s.calls, callsLastMinute: s.recent.length, repeats: s.repeats };
  }

  private evictOldest(): void {
    let oldest: string | undefined;
    let at = Infinity;
    for (const [k, v] of this.sessions) if (v.touched < at) [oldest, at] = [k, v.touched];
    if (oldest !== undefined) this.sessions.delete(oldest);
  }
}

export const NO_SESSION: SessionView = { calls: 0, callsLastMinute: 0, repeats: 0 };
