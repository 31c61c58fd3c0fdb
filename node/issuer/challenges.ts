// The attester's fresh challenges (RFC 9576 §4): single use, short-lived, bounded in number.
import { randomBytes } from 'node:crypto';

const TTL_MS = 60_000;
const MAX_OPEN = 10_000;

export class Challenges {
  private readonly open = new Map<string, number>();

  issue(now = Date.now()): Uint8Array {
    this.sweep(now);
    if (this.open.size >= MAX_OPEN) this.open.delete(this.open.keys().next().value ?? '');
    const c = Uint8Array.from(randomBytes(32));
    this.open.set(Buffer.from(c).toString('hex'), now + TTL_MS);
    return c;
  }

  /** Consumes a challenge: true once, if it was issued here and has not expired. */
  take(c: Uint8Array, now = Date.now()): boolean {
    const k = Buffer.from(c).toString('hex');
    const until = this.open.get(k);
    this.open.delete(k);
    return until !== undefined && until >= now;
  }

  private sweep(now: number): void {
    for (const [k, until] of this.open) if (until < now) this.open.delete(k);
  }
}
