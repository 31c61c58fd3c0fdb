// Shell views kept across decisions (docs/guard.md "Shell analysis"): agents repeat commands.
import { Lru } from '../flow/lru.js';
import type { ShellAnalysis } from './model.js';
import { classify, type IntentHit } from './intents.js';

/** Most views one guard keeps; the least recently used is forgotten first. */
export const MAX_CACHED_VIEWS = 512;
/** Longest command kept, in UTF-16 units: a bounded entry, and long scripts rarely repeat. */
export const MAX_CACHED_TEXT = 2048;

/** The session-independent part of a shell view: what analyzeShell and classify give for a text. */
export interface CachedView {
  analysis: ShellAnalysis;
  /** Classified when first read: a decision whose rules and checks ask for none never classifies. */
  readonly intents: readonly IntentHit[];
  /** Runs a database client or hands SQL-like code to an interpreter (PostgreSQL's grammar is wanted). */
  sqlish: boolean;
}

/**
 * A view whose intents are classified on first read and then kept. A class, not an object literal
 * with a getter: such a literal is built by the runtime's slow path on every first-seen command.
 */
class LazyView implements CachedView {
  private classified: readonly IntentHit[] | undefined;

  constructor(
    readonly analysis: ShellAnalysis,
    private readonly source: string,
    readonly sqlish: boolean,
  ) {}

  get intents(): readonly IntentHit[] {
    this.classified ??= this.analysis.status === 'ok' ? classify(this.analysis, this.source) : [];
    return this.classified;
  }
}

/** The view of `source`, whose intents are classified on first read and then kept. */
export function lazyView(analysis: ShellAnalysis, source: string, sqlish: boolean): CachedView {
  return new LazyView(analysis, source, sqlish);
}

/** The `dynamic_command` intent of a view, classifying only when a command word is dynamic. */
export function dynamicCommand(view: {
  analysis: ShellAnalysis;
  readonly intents: readonly IntentHit[];
}): IntentHit | undefined {
  if (!view.analysis.commands.some((c) => c.dynamic === true)) return undefined;
  return view.intents.find((h) => h.intent === 'dynamic_command');
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
