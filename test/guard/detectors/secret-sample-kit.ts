// The generator behind the synthetic credentials: alphabets, a seeded generator, checksummed bodies.
import { base62, crc32 } from '../../../guard/detectors/checksums.js';

export const AZ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const az = 'abcdefghijklmnopqrstuvwxyz';
export const D = '0123456789';
export const ALNUM = AZ + az + D;
export const HEX = '0123456789abcdef';
export const B64U = ALNUM + '_-';
export const B64 = ALNUM + '+/';

/** Draws `n` characters of `set`. */
export type Gen = (set: string, n: number) => string;

/** A deterministic generator (mulberry32), so failures name a reproducible sample. */
export function rng(seed: number): Gen {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (set, n) => {
    let s = '';
    for (let i = 0; i < n; i++) s += set.charAt(Math.floor(next() * set.length));
    return s;
  };
}

/** A random version-4 UUID (RFC 9562 §5.4). */
export const uuidOf = (r: Gen): string =>
  `${r(HEX, 8)}-${r(HEX, 4)}-4${r(HEX, 3)}-a${r(HEX, 3)}-${r(HEX, 12)}`;

/** A GitHub/npm style token: 30 random base62 characters and their CRC-32 in base62. */
export function checksummed(prefix: string, body30: string): string {
  return `${prefix}_${body30}${base62(crc32(body30), 6)}`;
}
