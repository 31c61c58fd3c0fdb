// A bounded map that forgets the least recently used entry first (Map keeps insertion order).

export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(
    private readonly capacity: number,
    private readonly onEvict?: (key: K, value: V) => void,
  ) {}

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.capacity) {
      const oldest = this.map.keys().next();
      if (oldest.done === true) break;
      const v = this.map.get(oldest.value);
      this.map.delete(oldest.value);
      if (v !== undefined) this.onEvict?.(oldest.value, v);
    }
  }

  values(): IterableIterator<V> {
    return this.map.values();
  }
}
