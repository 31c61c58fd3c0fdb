// Shell views kept across decisions (docs/guard.md "Shell analysis"): agents repeat commands.
import { Lru } from '../flow/lru.js';
import type { ShellAnalysis } from './model.js';
import type { IntentHit } from './intents.js';

/** Most views one guard keeps; the least recently used is forgotten first. */
export const MAX_CACHED_VIEWS = 512;
/** Longest command kept, in UTF-16 units: a bounded entry, and long scripts rarely repeat. */
export const MAX_CACHED_TEXT = 2048;

/** The session-independent part of a shell view: what analyzeShell and classify give for a text. */
export interface CachedView {
  analysis: ShellAnalysis;
  intents: readonly IntentHit[];
  /** Runs a database client or hands SQL-like code to an interpreter (PostgreSQL's grammar is wanted). */
  sqlish: boolean;
}

/**
 * Views by the exact command text, for calls whose session defined no shell functions or aliases
 * (with definitions, the same text can run something else, so those are analysed every time).
 * A view is a pure function of the text, the parser and the guard's shell limits, except when the
 * time budget ran out: such an analysis is never kept.
 */
export class ShellViewCache {
  private readonly views = new Lru<string, CachedView>(MAX_CACHED_VIEWS);

  get(text: string): CachedView | undefined {
    return this.views.get(text);
  }

  set(text: string, view: CachedView): void {
    if (text.length > MAX_CACHED_TEXT || view.analysis.status === 'over_budget') return;
    this.views.set(text, view);
  }
}
