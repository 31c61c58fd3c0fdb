// Metadata expiry dates (TUF 1.0.34 §4.3 "expires"): written as the spec says, read tolerantly.
// Written: "YYYY-MM-DDTHH:MM:SSZ" (UTC, no fraction). Read: RFC 3339 date-time, with optional
// fractional seconds (truncated to the millisecond) and either Z or a ±HH:MM offset.
import { TufError } from './errors.js';

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Milliseconds since the epoch; this value is attacker-controlled. */
export function parseExpires(text: string): number {
  const m = RFC3339.exec(text);
  if (m === null)
    throw new TufError('metadata_invalid', `expires is not an RFC 3339 date: ${text}`);
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 60) {
    throw new TufError('metadata_invalid', `expires is out of range: ${text}`);
  }
  let t = Date.UTC(y, mo - 1, d, h, mi, Math.min(s, 59), ms);
  if (new Date(t).getUTCDate() !== d)
    throw new TufError('metadata_invalid', `no such day: ${text}`);
  if (m[9] !== undefined) {
    const off = (Number(m[10]) * 60 + Number(m[11])) * 60_000;
    t += m[9] === '+' ? -off : off;
  }
  return t;
}

/** The spec's written form, whole seconds in UTC. */
export function formatExpires(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
