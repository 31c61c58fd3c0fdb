// Flow and taint: the multi-pattern matcher. Every pattern is indexed by the fingerprint of
// its first window; one rolling pass over a view finds all candidates for all patterns at once, and
// each candidate is confirmed before it counts (bytes in process, HMACs when persisted).
import type { Layer, View } from './decoder.js';
import type { Encoding } from './encoded-forms.js';
import type { WindowHasher } from './window-hash.js';

export interface PatternRef {
  valueId: number;
  encoding: Encoding;
  chunk: number;
}

export interface MatchIndex {
  readonly hasher: WindowHasher;
  /** Pre-filter bitset of first-window fingerprints. */
  readonly filter: Uint32Array;
  /** Pattern ids whose first window has this fingerprint. */
  candidates(fp: number): readonly number[];
  /** Whether pattern `id` occurs in `bytes` at `start`. */
  confirm(id: number, bytes: Uint8Array, start: number): boolean;
  describe(id: number): PatternRef;
}

export interface RawMatch extends PatternRef {
  layers: Layer[];
}

export interface RawMatchIn extends RawMatch {
  /** Which of the indexes matched. */
  which: number;
}

/**
 * Every distinct (index, value, chunk) found in `views`, with the first encoding and layers it was
 * found in. All indexes must share one hasher: one rolling pass serves them all.
 */
export function matchViews(indexes: readonly MatchIndex[], views: readonly View[]): RawMatchIn[] {
  const first = indexes[0];
  if (!first) return [];
  const filters = indexes.map((i) => i.filter);
  const found = new Map<string, RawMatchIn>();
  for (const view of views) {
    first.hasher.scan(view.bytes, filters, (fp, offset, which) => {
      const index = indexes[which];
      if (!index) return;
      for (const id of index.candidates(fp)) {
        if (!index.confirm(id, view.bytes, offset)) continue;
        const ref = index.describe(id);
        const key = `${which}:${ref.valueId}:${ref.chunk}`;
        if (!found.has(key)) found.set(key, { ...ref, layers: view.layers, which });
      }
    });
  }
  return [...found.values()];
}
