// Shell functions and aliases a session defined in earlier calls (docs/guard.md "Shell analysis"):
// `f() { rm -rf ~; }` in one call and `f` in the next is the delete, not an unknown command.
import { MAX_DEFINITIONS } from './analyze/index.js';

/** Most sessions remembered; the least recently used is forgotten first. */
export const MAX_DEFINITION_SESSIONS = 1024;
/** Most body text one session keeps, in UTF-16 units. */
const MAX_SESSION_TEXT = 64 * 1024;

/** Where a guard keeps what a session defined: in process (below) or in a persisted store. */
export interface ShellDefinitions {
  /** The definitions a session made so far, or undefined. */
  of(session: string | undefined): ReadonlyMap<string, string> | undefined;
  /** Keeps what a call defined, within the bounds of mergeDefinitions. */
  record(session: string | undefined, defs: ReadonlyMap<string, string> | undefined): void;
}

/**
 * Adds a call's definitions to what a session kept (a redefinition replaces the old body), within
 * the bounds: past them new names are not kept, and their later use reads as the unknown command
 * it then is. True when anything changed.
 */
export function mergeDefinitions(
  kept: Map<string, string>,
  defs: ReadonlyMap<string, string>,
): boolean {
  let text = [...kept.values()].reduce((n, b) => n + b.length, 0);
  let changed = false;
  for (const [name, body] of defs) {
    const old = kept.get(name);
    if (old === body) continue;
    if (old === undefined && kept.size >= MAX_DEFINITIONS) continue;
    if (text - (old?.length ?? 0) + body.length > MAX_SESSION_TEXT) continue;
    text += body.length - (old?.length ?? 0);
    kept.set(name, body);
    changed = true;
  }
  return changed;
}

export class SessionDefinitions implements ShellDefinitions {
  private readonly bySession = new Map<string, Map<string, string>>();

  of(session: string | undefined): ReadonlyMap<string, string> | undefined {
    if (session === undefined) return undefined;
    const defs = this.bySession.get(session);
    if (defs !== undefined) {
      this.bySession.delete(session);
      this.bySession.set(session, defs);
    }
    return defs;
  }

  record(session: string | undefined, defs: ReadonlyMap<string, string> | undefined): void {
    if (session === undefined || defs === undefined || defs.size === 0) return;
    const kept = this.bySession.get(session) ?? new Map<string, string>();
    mergeDefinitions(kept, defs);
    this.bySession.delete(session);
    this.bySession.set(session, kept);
    if (this.bySession.size > MAX_DEFINITION_SESSIONS) {
      const oldest = this.bySession.keys().next().value;
      if (oldest !== undefined) this.bySession.delete(oldest);
    }
  }
}
