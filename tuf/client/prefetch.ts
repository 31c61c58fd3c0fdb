// Downloads started ahead of the §5.6.7 delegation walk (TUF 1.0.34): the roles a visited role
// delegates the path to are fetched together, so the walk waits for one round trip per level, not
// one per role. Bytes fetched ahead are trusted only when the walk reaches their role and verifies
// them as it would fresh ones; each download keeps the cap the walk would give it.
import type { Fetcher } from './fetcher.js';

/** Roles fetched ahead at once: the HTTP fetcher's connections per host. */
export const PREFETCH_MAX = 8;

export class Prefetch {
  private readonly started = new Map<string, Promise<Uint8Array>>();

  constructor(private readonly fetcher: Fetcher) {}

  /** Starts fetching `url` (capped at `maxLength`) unless it is under way. */
  start(url: string, maxLength: number): void {
    const key = `${maxLength} ${url}`;
    if (this.started.has(key) || this.started.size >= 4 * PREFETCH_MAX) return;
    const p = this.fetcher.fetch(url, maxLength);
    // a download the walk never takes must not be an unhandled rejection; one it takes rethrows
    p.catch(() => undefined);
    this.started.set(key, p);
  }

  /** The download started for `url` with this cap (handed over once), else a fresh one. */
  fetch(url: string, maxLength: number): Promise<Uint8Array> {
    const key = `${maxLength} ${url}`;
    const p = this.started.get(key);
    if (p === undefined) return this.fetcher.fetch(url, maxLength);
    this.started.delete(key);
    return p;
  }
}
