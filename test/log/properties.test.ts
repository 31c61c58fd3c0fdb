// fast-check properties: proofs for any size and index verify and any mutation fails; every codec
// (notes, checkpoints, tlog-proof, add-checkpoint bodies, tile paths, entry bundles) round-trips and
// refuses truncated, extended and mutated input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MemoryTree,
  decodeEntryBundle,
  encodeEntryBundle,
  encodeTileIndex,
  formatAddCheckpoint,
  formatCheckpoint,
  formatTlogProof,
  leafHash,
  openCheckpoint,
  openNote,
  parseAddCheckpoint,
  parseCheckpoint,
  parseNote,
  parseTilePath,
  parseTlogProof,
  signNote,
  tilePath,
  verifyConsistencyTransparencyDev,
  verifyConsistencyWitnessRule,
  verifyInclusion,
} from '../../log/index.js';
import { FC_RUNS } from '../support/env.js';
import { logKey } from './helpers.js';

const runs = { numRuns: FC_RUNS };
const MAX = 300;
const big = new MemoryTree();
for (let i = 0; i < MAX; i++) big.append(leafHash(new Uint8Array([i & 0xff, i >> 8])));

const flip = (h: Uint8Array, bit: number): Uint8Array => {
  const c = Uint8Array.from(h);
  c[(bit >> 3) % c.length] = (c[(bit >> 3) % c.length] ?? 0) ^ (1 << (bit & 7));
  return c;
};
const fails = (f: () => void): boolean => {
  try {
    f();
    return false;
  } catch {
    return true;
  }
};

/** Each call is a verification with one input mutated: every one must throw. */
const expectEachFails = (calls: (() => void)[]): void => {
  calls.forEach((call, i) => {
    expect(fails(call), `mutation ${i}`).toBe(true);
  });
};
/** The proof with one of its hashes, chosen by `bit`, flipped at `bit`. */
const flipOneHash = (proof: Uint8Array[], bit: number): Uint8Array[] => {
  const k = bit % proof.length;
  return proof.map((p, j) => (j === k ? flip(p, bit) : p));
};

describe('Merkle proofs', () => {
  it('inclusion: verifies for any size/index; a flipped bit, a dropped or added hash, or a wrong index fails', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX }), fc.nat(), fc.nat(), (size, i0, bit) => {
        const index = i0 % size;
        const root = big.root(size);
        const leaf = big.node(0, index);
        const proof = big.inclusionProof(index, size);
        verifyInclusion(index, size, leaf, proof, root);
        const verify = (i: number, l: Uint8Array, p: Uint8Array[], r: Uint8Array) => (): void => {
          verifyInclusion(i, size, l, p, r);
        };
        expectEachFails([
          verify(index, flip(leaf, bit), proof, root),
          verify(index, leaf, proof, flip(root, bit)),
          verify(index, leaf, [...proof, root], root),
          ...(proof.length > 0
            ? [
                verify(index, leaf, flipOneHash(proof, bit), root),
                verify(index, leaf, proof.slice(1), root),
                verify((index + 1) % size, leaf, proof, root),
              ]
            : []),
        ]);
      }),
      runs,
    );
  });

  it('consistency: verifies under both rules for any 0 < m <= n; mutations fail', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX }),
        fc.integer({ min: 1, max: MAX }),
        fc.nat(),
        (a, b, bit) => {
          const [m, n] = a <= b ? [a, b] : [b, a];
          const proof = big.consistencyProof(m, n);
          const r1 = big.root(m);
          const r2 = big.root(n);
          verifyConsistencyTransparencyDev(m, n, r1, r2, proof);
          verifyConsistencyWitnessRule(m, n, r1, r2, proof);
          const verify = (x: Uint8Array, y: Uint8Array, p: Uint8Array[]) => (): void => {
            verifyConsistencyTransparencyDev(m, n, x, y, p);
          };
          expectEachFails([
            verify(flip(r1, bit), r2, proof),
            verify(r1, flip(r2, bit), proof),
            ...(proof.length > 0
              ? [
                  verify(r1, r2, flipOneHash(proof, bit)),
                  verify(r1, r2, proof.slice(0, -1)),
                  verify(r1, r2, [...proof, r1]),
                ]
              : []),
          ]);
        },
      ),
      runs,
    );
  });
});

const key = logKey('example.com/prop');
const hasControl = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 0x20) return true;
  return false;
};
const line = fc
  .string({ minLength: 1, maxLength: 40 })
  .filter((s) => !hasControl(s) && s.trim() === s && s !== '');
const hash = fc.uint8Array({ minLength: 32, maxLength: 32 });
const checkpointArb = fc.record({
  origin: line,
  size: fc.nat({ max: Number.MAX_SAFE_INTEGER }),
  root: hash,
  extensions: fc.array(line, { maxLength: 3 }),
});

describe('codecs', () => {
  it('checkpoint: round trip; truncation, an empty extension line or a bad size is refused', () => {
    fc.assert(
      fc.property(checkpointArb, (c) => {
        const text = formatCheckpoint(c);
        const back = parseCheckpoint(text);
        expect(formatCheckpoint(back)).toBe(text);
        expect(back.size).toBe(c.size);
        expect(fails(() => parseCheckpoint(text.slice(0, -1)))).toBe(true);
        expect(fails(() => parseCheckpoint(text + '\n'))).toBe(true);
        expect(fails(() => parseCheckpoint(text.replace(`\n${c.size}\n`, `\n0${c.size}\n`)))).toBe(
          true,
        );
      }),
      runs,
    );
  });

  it('signed note: round trip; truncated, extended or mutated notes do not verify', () => {
    fc.assert(
      fc.property(checkpointArb, fc.nat(), (c, cut) => {
        const note = signNote(formatCheckpoint(c), [key.signer]);
        const keys = new Map([[c.origin, [key.verifier]]]);
        const back = parseNote(note);
        expect(`${back.text}\n${back.signatures.map((s) => s.line + '\n').join('')}`).toBe(note);
        expect(openNote(note, [key.verifier]).text).toBe(formatCheckpoint(c));
        expect(openCheckpoint(note, keys).checkpoint.size).toBe(c.size);
        expect(fails(() => openCheckpoint(note, new Map([[`${c.origin}x`, [key.verifier]]])))).toBe(
          true,
        );
        const at = cut % (note.length - 1);
        expect(fails(() => openNote(note.slice(0, at), [key.verifier]))).toBe(true);
        expect(fails(() => openNote(note + 'x', [key.verifier]))).toBe(true);
        expect(fails(() => openNote(`x${note}`, [key.verifier]))).toBe(true);
      }),
      runs,
    );
  });

  it('tlog-proof: round trip; truncation and extra lines are refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX }),
        fc.nat(),
        fc.option(fc.uint8Array({ minLength: 1, maxLength: 20 }), { nil: undefined }),
        (size, i0, extra) => {
          const index = i0 % size;
          const checkpoint = signNote(
            formatCheckpoint({ origin: key.origin, size, root: big.root(size), extensions: [] }),
            [key.signer],
          );
          const p = {
            index,
            proof: big.inclusionProof(index, size),
            checkpoint,
            ...(extra ? { extra } : {}),
          };
          const text = formatTlogProof(p);
          expect(formatTlogProof(parseTlogProof(text))).toBe(text);
          expect(fails(() => parseTlogProof(text.slice(0, text.indexOf('\n\n'))))).toBe(true);
          expect(fails(() => parseTlogProof(text.replace('\n\n', '\nAAAA\n\n')))).toBe(true);
          expect(fails(() => parseTlogProof('x' + text))).toBe(true);
        },
      ),
      runs,
    );
  });

  it('add-checkpoint body: round trip; 64 proof lines, bad old lines and missing blank line refused', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e12 }), fc.array(hash, { maxLength: 63 }), (oldSize, proof) => {
        const checkpoint = signNote(
          formatCheckpoint({
            origin: key.origin,
            size: oldSize,
            root: big.root(1),
            extensions: [],
          }),
          [key.signer],
        );
        const body = formatAddCheckpoint({ oldSize, proof, checkpoint });
        const back = parseAddCheckpoint(new TextEncoder().encode(body));
        expect(formatAddCheckpoint(back)).toBe(body);
        const tooMany = formatAddCheckpoint({
          oldSize,
          proof: [...proof, ...Array.from({ length: 64 - proof.length }, () => big.root(1))],
          checkpoint,
        });
        expect(fails(() => parseAddCheckpoint(new TextEncoder().encode(tooMany)))).toBe(true);
        expect(
          fails(() => parseAddCheckpoint(new TextEncoder().encode(body.replace('old ', 'old  ')))),
        ).toBe(true);
        expect(
          fails(() =>
            parseAddCheckpoint(new TextEncoder().encode(body.slice(0, body.indexOf('\n\n')))),
          ),
        ).toBe(true);
      }),
      runs,
    );
  });

  it('tile paths: round trip for any level/index/width; only canonical paths parse', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 63 }),
        fc.nat({ max: 2 ** 40 }),
        fc.integer({ min: 1, max: 256 }),
        fc.boolean(),
        (level, index, width, entries) => {
          const ref = entries
            ? ({ kind: 'entries', index, width } as const)
            : ({ kind: 'hash', level, index, width } as const);
          const p = tilePath(ref);
          expect(parseTilePath(p)).toEqual(ref);
          expect(parseTilePath(p + '/')).toBeUndefined();
          expect(parseTilePath(`${p}/000`)).toBeUndefined();
          expect(parseTilePath(p.replace('tile/', 'tile//'))).toBeUndefined();
          expect(parseTilePath(p.slice(0, -1))).not.toEqual(ref);
        },
      ),
      runs,
    );
    expect(encodeTileIndex(1234067)).toBe('x001/x234/067');
    expect(encodeTileIndex(0)).toBe('000');
    for (const bad of [
      'tile/0/x000/001',
      'tile/0/000.p/256',
      'tile/0/000.p/0',
      'tile/64/000',
      'tile/00/000',
      'tile/../000',
    ])
      expect(parseTilePath(bad)).toBeUndefined();
  });

  it('entry bundles: round trip; truncated or short bundles are refused', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 300 }), { minLength: 1, maxLength: 20 }),
        (entries) => {
          const b = encodeEntryBundle(entries);
          expect(
            decodeEntryBundle(b, entries.length).map((e) => Buffer.from(e).toString('hex')),
          ).toEqual(entries.map((e) => Buffer.from(e).toString('hex')));
          expect(fails(() => decodeEntryBundle(b.subarray(0, b.length - 1), entries.length))).toBe(
            true,
          );
          expect(fails(() => decodeEntryBundle(b, entries.length + 1))).toBe(true);
          expect(fails(() => decodeEntryBundle(Uint8Array.from([...b, 0]), entries.length))).toBe(
            true,
          );
          expect(
            decodeEntryBundle(Uint8Array.from([...b, 0, 0]), entries.length, false),
          ).toHaveLength(entries.length);
        },
      ),
      runs,
    );
  });
});
