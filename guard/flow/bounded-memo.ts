// A bounded memo for values that are cheap to make again: forgotten all at once when full.

/**
 * Beside the LRU (guard/flow/lru.ts), a hit costs one lookup and no reordering, and a miss on a
 * full memo starts it afresh: for memos whose keys repeat (tool names, glob lists) and whose
 * values a miss simply rebuilds, so an unbounded stream of keys cannot grow memory.
 */
export class BoundedMemo<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    if (this.map.size >= this.capacity && !this.map.has(key)) this.map.clear();
    this.map.set(key, value);
  }
}
