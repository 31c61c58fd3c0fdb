// Pack version order (semver.org 2.0.0 §11): numeric core, then a pre-release ranks below its release.
import { PackError } from '../errors.js';

const SEMVER = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:-([0-9A-Za-z.-]{1,64}))?$/;

function parts(v: string): { core: number[]; pre: string[] } {
  const m = SEMVER.exec(v);
  if (m === null) throw new PackError('pack_invalid', `version ${v} is not semver`);
  return {
    core: [Number(m[1]), Number(m[2]), Number(m[3])],
    pre: m[4] === undefined ? [] : m[4].split('.'),
  };
}

function compareIdentifier(a: string, b: string): number {
  const na = /^\d+$/.test(a);
  const nb = /^\d+$/.test(b);
  if (na && nb) return Number(a) - Number(b);
  if (na !== nb) return na ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Negative when a < b, 0 when equal, positive when a > b. */
export function compareSemver(a: string, b: string): number {
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < 3; i++) {
    const d = (x.core[i] ?? 0) - (y.core[i] ?? 0);
    if (d !== 0) return d;
  }
  if (x.pre.length === 0 || y.pre.length === 0) return y.pre.length - x.pre.length;
  for (let i = 0; i < Math.min(x.pre.length, y.pre.length); i++) {
    const d = compareIdentifier(x.pre[i] ?? '', y.pre[i] ?? '');
    if (d !== 0) return d;
  }
  return x.pre.length - y.pre.length;
}
