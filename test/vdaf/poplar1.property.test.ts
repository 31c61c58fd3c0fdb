// Poplar1 (draft-irtf-cfrg-vdaf-20 §8), its IDPF (§8.3), Field255 and XofFixedKeyAes128 (§6.2.2):
// field laws against BigInt, IDPF correctness, every codec's round trip and refusals, is_valid,
// tampering, ping-pong, and heavy hitters found exactly by a level-by-level walk.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Field255,
  Field64,
  IdpfBBCGGI21,
  Poplar1,
  VdafError,
  XofFixedKeyAes128,
  encodePingPongMessage,
  pingPongHelperInit,
  pingPongLeaderContinued,
  pingPongLeaderInit,
  type Poplar1AggParam,
} from '../../vdaf/index.js';
import { FC_RUNS } from '../support/env.js';
import {
  CTX,
  heavyHitters,
  plainHeavyHitters,
  shardEncoded,
  verifyPingPong,
  type EncodedReport,
} from './support/poplar1.js';

const P255 = (1n << 255n) - 19n;
const RUNS = Math.max(10, Math.floor(FC_RUNS / 4));

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(VdafError);
    return (e as VdafError).code;
  }
  return undefined;
}

const elem255 = fc.oneof(
  fc.bigInt({ min: 0n, max: P255 - 1n }),
  fc.constantFrom(0n, 1n, 2n, 19n, P255 - 1n, P255 - 2n, (1n << 254n) - 1n, 1n << 254n),
);

describe('Field255', () => {
  it('add, sub, mul agree with BigInt modulo 2^255 - 19', () => {
    fc.assert(
      fc.property(elem255, elem255, (a, b) => {
        const x = Field255.fromBigInts([a, b]);
        const o = Field255.zeros(3);
        Field255.add(o, 0, x, 0, x, 1);
        Field255.sub(o, 1, x, 0, x, 1);
        Field255.mul(o, 2, x, 0, x, 1);
        expect(Field255.toBigInts(o)).toEqual([
          (a + b) % P255,
          (((a - b) % P255) + P255) % P255,
          (a * b) % P255,
        ]);
        // Outputs may alias inputs.
        Field255.mul(x, 0, x, 0, x, 0);
        expect(Field255.get(x, 0)).toBe((a * a) % P255);
      }),
      { numRuns: FC_RUNS * 5 },
    );
  });

  it('decodes only elements below the modulus', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), (x) => {
        const bytes = new Uint8Array(32);
        for (let i = 0; i < 32; i++) bytes[i] = Number((x >> BigInt(8 * i)) & 0xffn);
        const code = codeOf(() => Field255.decodeVec(bytes, 1, 'x'));
        expect(code).toBe(x < P255 ? undefined : 'decode_modulus');
      }),
      { numRuns: FC_RUNS },
    );
    const p = new Uint8Array(32);
    for (let i = 0; i < 32; i++) p[i] = Number((P255 >> BigInt(8 * i)) & 0xffn);
    expect(codeOf(() => Field255.decodeVec(p, 1, 'x'))).toBe('decode_modulus');
  });
});

describe('XofFixedKeyAes128', () => {
  it('streams: next(a) || next(b) equals next(a + b)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        fc.uint8Array({ maxLength: 40 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        (seed, binder, a, b) => {
          const dst = new Uint8Array([1, 2, 3]);
          const x = new XofFixedKeyAes128(seed, dst, binder);
          const joined = new Uint8Array([...x.next(a), ...x.next(b)]);
          const y = new XofFixedKeyAes128(seed, dst, binder).next(a + b);
          expect(Buffer.from(joined).equals(Buffer.from(y))).toBe(true);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('rejects a seed of the wrong size', () => {
    expect(
      codeOf(() => new XofFixedKeyAes128(new Uint8Array(32), new Uint8Array(0), new Uint8Array(0))),
    ).toBe('argument_invalid');
  });
});

/** bits, a measurement, a level and a sorted set of distinct candidate prefixes at that level. */
const idpfCase = fc
  .integer({ min: 1, max: 12 })
  .chain((bits) =>
    fc.record({
      bits: fc.constant(bits),
      alpha: fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n }),
      level: fc.integer({ min: 0, max: bits - 1 }),
      extra: fc.array(fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n }), { maxLength: 6 }),
      onPath: fc.boolean(),
    }),
  )
  .map((c) => {
    const shift = BigInt(c.bits - 1 - c.level);
    const all = c.extra.map((x) => x >> shift);
    if (c.onPath) all.push(c.alpha >> shift);
    const prefixes = [...new Set(all)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return { ...c, prefixes };
  });

function bitsOf(x: bigint, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = Number((x >> BigInt(n - 1 - i)) & 1n);
  return out;
}

describe('IdpfBBCGGI21', () => {
  it('the two shares add up to beta on the path of alpha and to zero elsewhere', () => {
    fc.assert(
      fc.property(idpfCase, ({ bits, alpha, level, prefixes }) => {
        const idpf = new IdpfBBCGGI21(2, bits);
        const ctx = new Uint8Array(randomBytes(5));
        const nonce = new Uint8Array(randomBytes(16));
        const betaInner = Field64.zeros(2 * (bits - 1));
        for (let i = 0; i < 2 * (bits - 1); i++) Field64.set(betaInner, i, BigInt(i + 7) * 1000n);
        const betaLeaf = Field255.fromBigInts([P255 - 5n, 12345n]);
        const [ps, keys] = idpf.gen(
          bitsOf(alpha, bits),
          betaInner,
          betaLeaf,
          ctx,
          nonce,
          new Uint8Array(randomBytes(32)),
        );
        const f = idpf.currentField(level);
        const y0 = idpf.eval(0, ps, keys[0], level, prefixes, ctx, nonce);
        const y1 = idpf.eval(1, ps, keys[1], level, prefixes, ctx, nonce);
        const sum = f.zeros(2 * prefixes.length);
        f.vecAdd(sum, y0, y1);
        const onPath = alpha >> BigInt(bits - 1 - level);
        const beta =
          level < bits - 1
            ? [Field64.get(betaInner, 2 * level), Field64.get(betaInner, 2 * level + 1)]
            : Field255.toBigInts(betaLeaf);
        prefixes.forEach((p, i) => {
          const want = p === onPath ? beta : [0n, 0n];
          expect([f.get(sum, 2 * i), f.get(sum, 2 * i + 1)]).toEqual(want);
        });
        // One prefix at a time gives the same shares as the batch.
        prefixes.forEach((p, i) => {
          const one = idpf.eval(0, ps, keys[0], level, [p], ctx, nonce);
          expect(f.toBigInts(one)).toEqual([f.get(y0, 2 * i), f.get(y0, 2 * i + 1)]);
        });
        // A cache filled at a shallower level gives the same shares.
        if (level > 0 && prefixes.length > 0) {
          const cache = IdpfBBCGGI21.newCache();
          const up = [...new Set(prefixes.map((p) => p >> 1n))];
          idpf.eval(1, ps, keys[1], level - 1, up, ctx, nonce, cache);
          const cached = idpf.eval(1, ps, keys[1], level, prefixes, ctx, nonce, cache);
          expect(f.toBigInts(cached)).toEqual(f.toBigInts(y1));
          expect(cache.level).toBe(level);
        }
        // The public share codec round-trips.
        const enc = idpf.encodePublicShare(ps);
        expect(enc.length).toBe(idpf.PUBLIC_SHARE_SIZE);
        expect(Buffer.from(idpf.encodePublicShare(idpf.decodePublicShare(enc)))).toEqual(
          Buffer.from(enc),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses bad arguments with coded errors', () => {
    const idpf = new IdpfBBCGGI21(2, 4);
    const ctx = new Uint8Array(0);
    const nonce = new Uint8Array(16);
    const [ps, keys] = idpf.gen(
      Uint8Array.of(1, 0, 1, 1),
      Field64.zeros(6),
      Field255.zeros(2),
      ctx,
      nonce,
      new Uint8Array(32),
    );
    expect(codeOf(() => idpf.eval(2, ps, keys[0], 0, [0n], ctx, nonce))).toBe('argument_invalid');
    expect(codeOf(() => idpf.eval(0, ps, keys[0], 4, [0n], ctx, nonce))).toBe('argument_invalid');
    expect(codeOf(() => idpf.eval(0, ps, keys[0], 1, [4n], ctx, nonce))).toBe('argument_invalid');
    expect(codeOf(() => idpf.eval(0, ps, keys[0], 1, [1n, 1n], ctx, nonce))).toBe(
      'argument_invalid',
    );
    expect(
      codeOf(() =>
        idpf.gen(
          Uint8Array.of(1),
          Field64.zeros(6),
          Field255.zeros(2),
          ctx,
          nonce,
          new Uint8Array(32),
        ),
      ),
    ).toBe('argument_invalid');
  });
});

/** An instance, a report's measurement, and an aggregation parameter at some level. */
const poplarCase = fc
  .integer({ min: 1, max: 16 })
  .chain((bits) =>
    fc.record({
      bits: fc.constant(bits),
      m: fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n }),
      level: fc.integer({ min: 0, max: bits - 1 }),
      extra: fc.array(fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n }), {
        minLength: 1,
        maxLength: 5,
      }),
    }),
  )
  .map((c) => {
    const shift = BigInt(c.bits - 1 - c.level);
    const prefixes = [...new Set([...c.extra, c.m].map((x) => x >> shift))].sort((a, b) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return { vdaf: new Poplar1({ bits: c.bits }), m: c.m, aggParam: { level: c.level, prefixes } };
  });

type Codec = { name: string; bytes: Uint8Array; decode: (b: Uint8Array) => Uint8Array };

/** Every encoded message of one report at one parameter, with decode-then-encode for each. */
function messages(vdaf: Poplar1, m: bigint, aggParam: Poplar1AggParam): Codec[] {
  const key = new Uint8Array(randomBytes(32));
  const r = shardEncoded(vdaf, m);
  const ps = vdaf.decodePublicShare(r.publicShare);
  const inits = ([0, 1] as const).map((j) =>
    vdaf.verifyInit(key, CTX, j, aggParam, r.nonce, ps, vdaf.decodeInputShare(j, r.inputShares[j])),
  );
  const [s0, v0] = inits[0]!;
  const msg0 = vdaf.verifierSharesToMessage(CTX, aggParam, [v0, inits[1]![1]]);
  const n0 = vdaf.verifyNext(CTX, s0, msg0);
  const n1 = vdaf.verifyNext(CTX, inits[1]![0], msg0);
  if (n0.kind !== 'continue' || n1.kind !== 'continue') throw new Error('round 1 did not continue');
  const msg1 = vdaf.verifierSharesToMessage(CTX, aggParam, [n0.verifierShare, n1.verifierShare]);
  expect(msg1).toBeNull();
  const done = vdaf.verifyNext(CTX, n0.state, msg1);
  if (done.kind !== 'finish') throw new Error('round 2 did not finish');
  const out = done.outShare;
  return [
    {
      name: 'public share',
      bytes: r.publicShare,
      decode: (b) => vdaf.encodePublicShare(vdaf.decodePublicShare(b)),
    },
    ...([0, 1] as const).map((j) => ({
      name: `input share ${j}`,
      bytes: r.inputShares[j],
      decode: (b: Uint8Array) => vdaf.encodeInputShare(vdaf.decodeInputShare(j, b)),
    })),
    {
      name: 'verifier share (sketch)',
      bytes: vdaf.encodeVerifierShare(v0),
      decode: (b) => vdaf.encodeVerifierShare(vdaf.decodeVerifierShare(s0, b)),
    },
    {
      name: 'verifier share (reveal)',
      bytes: vdaf.encodeVerifierShare(n0.verifierShare),
      decode: (b) => vdaf.encodeVerifierShare(vdaf.decodeVerifierShare(n0.state, b)),
    },
    {
      name: 'verifier message (sketch)',
      bytes: vdaf.encodeVerifierMessage(msg0),
      decode: (b) => vdaf.encodeVerifierMessage(vdaf.decodeVerifierMessage(s0, b)),
    },
    {
      name: 'verifier message (reveal)',
      bytes: vdaf.encodeVerifierMessage(msg1),
      decode: (b) => vdaf.encodeVerifierMessage(vdaf.decodeVerifierMessage(n0.state, b)),
    },
    {
      name: 'aggregate share',
      bytes: vdaf.encodeAggShare(vdaf.aggUpdate(aggParam, vdaf.aggInit(aggParam), out)),
      decode: (b) => vdaf.encodeAggShare(vdaf.decodeAggShare(aggParam, b)),
    },
    {
      name: 'output share',
      bytes: vdaf.encodeOutShare(out),
      decode: (b) => vdaf.encodeOutShare(vdaf.decodeOutShare(aggParam, b)),
    },
    {
      name: 'aggregation parameter',
      bytes: vdaf.encodeAggParam(aggParam),
      decode: (b) => vdaf.encodeAggParam(vdaf.decodeAggParam(b)),
    },
  ];
}

describe('Poplar1 codecs', () => {
  it('round trip every message (also from Node Buffers)', () => {
    fc.assert(
      fc.property(poplarCase, ({ vdaf, m, aggParam }) => {
        for (const { name, bytes, decode } of messages(vdaf, m, aggParam)) {
          expect(Buffer.from(decode(bytes)).toString('hex'), name).toBe(
            Buffer.from(bytes).toString('hex'),
          );
          expect(Buffer.from(decode(Buffer.from(bytes))).toString('hex'), name).toBe(
            Buffer.from(bytes).toString('hex'),
          );
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('reject truncated and extended input with decode_length', () => {
    fc.assert(
      fc.property(
        poplarCase,
        fc.nat(),
        fc.uint8Array({ minLength: 1, maxLength: 40 }),
        ({ vdaf, m, aggParam }, cut, extra) => {
          for (const { name, bytes, decode } of messages(vdaf, m, aggParam)) {
            if (bytes.length > 0) {
              expect(
                codeOf(() => decode(bytes.subarray(0, cut % bytes.length))),
                name,
              ).toBe('decode_length');
            }
            expect(
              codeOf(() => decode(new Uint8Array([...bytes, ...extra]))),
              name,
            ).toBe('decode_length');
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('refuses set padding bits, out-of-range levels and non-canonical elements', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (bits) => {
        const vdaf = new Poplar1({ bits });
        const level = bits - 1;
        const ap = vdaf.encodeAggParam({ level, prefixes: [0n] });
        const pad = (8 - ((level + 1) % 8)) % 8;
        if (pad > 0) {
          const bad = ap.slice();
          bad[bad.length - 1] = (bad[bad.length - 1] as number) | 1;
          expect(codeOf(() => vdaf.decodeAggParam(bad))).toBe('decode_trailing_bits');
        }
        const high = ap.slice();
        new DataView(high.buffer).setUint16(0, bits);
        expect(codeOf(() => vdaf.decodeAggParam(high))).toBe('agg_param_invalid');

        const ps = shardEncoded(vdaf, 0n).publicShare;
        if ((2 * bits) % 8 !== 0) {
          const bad = ps.slice();
          bad[Math.ceil((2 * bits) / 8) - 1] =
            (bad[Math.ceil((2 * bits) / 8) - 1] as number) | 0x80;
          expect(codeOf(() => vdaf.decodePublicShare(bad))).toBe('decode_trailing_bits');
        }
        const bad = ps.slice();
        bad.fill(0xff, bad.length - 32);
        expect(codeOf(() => vdaf.decodePublicShare(bad))).toBe('decode_modulus');
      }),
      { numRuns: 40 },
    );
  });

  it('a count larger than the bytes is a length error, not an allocation', () => {
    const vdaf = new Poplar1({ bits: 8 });
    const enc = Uint8Array.of(0, 3, 0xff, 0xff, 0xff, 0xff, 0);
    expect(codeOf(() => vdaf.decodeAggParam(enc))).toBe('decode_length');
  });
});

describe('Poplar1 parameters', () => {
  it('checks options and arguments', () => {
    expect(codeOf(() => new Poplar1({ bits: 0 }))).toBe('param_invalid');
    expect(codeOf(() => new Poplar1({ bits: 65536 }))).toBe('param_invalid');
    const vdaf = new Poplar1({ bits: 4 });
    expect(vdaf.RAND_SIZE).toBe(128);
    expect(vdaf.VERIFY_KEY_SIZE).toBe(32);
    expect(vdaf.ROUNDS).toBe(2);
    expect(vdaf.ID).toBe(6);
    const nonce = new Uint8Array(16);
    const rand = new Uint8Array(128);
    expect(codeOf(() => vdaf.shard(CTX, 16n, nonce, rand))).toBe('measurement_invalid');
    expect(codeOf(() => vdaf.shard(CTX, [true, false], nonce, rand))).toBe('measurement_invalid');
    expect(codeOf(() => vdaf.shard(CTX, 3n, nonce.subarray(1), rand))).toBe('argument_invalid');
    expect(codeOf(() => vdaf.encodeAggParam({ level: 4, prefixes: [] }))).toBe('agg_param_invalid');
    expect(codeOf(() => vdaf.encodeAggParam({ level: 1, prefixes: [4n] }))).toBe(
      'agg_param_invalid',
    );
    expect(codeOf(() => vdaf.encodeAggParam({ level: 1, prefixes: [1n, 1n] }))).toBe(
      'agg_param_invalid',
    );
    // Measurements as bits and as a bigint shard alike.
    const a = vdaf.shard(CTX, [true, false, true, true], nonce, rand);
    const b = vdaf.shard(CTX, 11n, nonce, rand);
    expect(vdaf.encodePublicShare(a[0])).toEqual(vdaf.encodePublicShare(b[0]));
  });

  it('is_valid: sorted distinct prefixes, strictly increasing levels, prefixes extending the last', () => {
    const vdaf = new Poplar1({ bits: 8 });
    const p = (level: number, prefixes: bigint[]): Poplar1AggParam => ({ level, prefixes });
    expect(vdaf.isValid(p(0, [0n, 1n]), [])).toBe(true);
    expect(vdaf.isValid(p(0, [1n, 0n]), [])).toBe(false);
    expect(vdaf.isValid(p(0, [1n, 1n]), [])).toBe(false);
    const hist = [p(0, [0n, 1n]), p(1, [1n, 2n])];
    expect(vdaf.isValid(p(2, [2n, 3n, 4n, 5n]), hist)).toBe(true);
    expect(vdaf.isValid(p(2, [0n]), hist)).toBe(false); // 0b000 extends 0b00, not a survivor
    expect(vdaf.isValid(p(1, [1n, 2n]), hist)).toBe(false); // the same level again
    expect(vdaf.isValid(p(0, [0n]), hist)).toBe(false); // a lower level
    expect(vdaf.isValid(p(4, [0b10010n]), hist)).toBe(true); // 0b10010 extends 0b10
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 6 }),
        (levels) => {
          // With prefixes that always extend (all prefixes), validity is exactly "strictly increasing".
          const params = levels.map((l) => p(l, [...Array(2 ** (l + 1)).keys()].map(BigInt)));
          for (let i = 0; i < params.length; i++) {
            const valid = vdaf.isValid(params[i]!, params.slice(0, i));
            expect(valid).toBe(i === 0 || levels[i]! > levels[i - 1]!);
          }
        },
      ),
      { numRuns: FC_RUNS },
    );
  });
});

describe('Poplar1 verification', () => {
  it('accepts honest reports and refuses tampered ones with coded errors', () => {
    fc.assert(
      fc.property(poplarCase, fc.nat(), ({ vdaf, m, aggParam }, pick) => {
        const key = new Uint8Array(randomBytes(32));
        const r = shardEncoded(vdaf, m);
        const out = verifyPingPong(vdaf, key, aggParam, r);
        if (out instanceof VdafError) throw out;
        const f = vdaf.currentField(aggParam.level);
        const sum = f.zeros(aggParam.prefixes.length);
        f.vecAdd(sum, out[0], out[1]);
        const onPath = m >> BigInt(vdaf.BITS - 1 - aggParam.level);
        expect(f.toBigInts(sum)).toEqual(aggParam.prefixes.map((p) => (p === onPath ? 1n : 0n)));

        // Change the leader's share of A or B at this level: the sketch must fail.
        const leader = vdaf.decodeInputShare(0, r.inputShares[0]);
        const leaf = aggParam.level === vdaf.BITS - 1;
        const vec = leaf ? leader.corrLeaf : leader.corrInner;
        const i = (leaf ? 0 : 2 * aggParam.level) + (pick % 2);
        const lf = leaf ? Field255 : Field64;
        lf.add(vec, i, vec, i, lf.elem(1 + (pick % 1000)), 0);
        const bad: EncodedReport = {
          ...r,
          inputShares: [vdaf.encodeInputShare(leader), r.inputShares[1]],
        };
        const refused = verifyPingPong(vdaf, key, aggParam, bad);
        expect(refused).toBeInstanceOf(VdafError);
        expect((refused as VdafError).code).toBe('verify_failed');

        // Another IDPF key: the values are no longer one-hot with a valid authenticator.
        const other = vdaf.decodeInputShare(1, r.inputShares[1]);
        const swapped = { ...other, key: new Uint8Array(randomBytes(16)) };
        const bad2: EncodedReport = {
          ...r,
          inputShares: [r.inputShares[0], vdaf.encodeInputShare(swapped)],
        };
        const refused2 = verifyPingPong(vdaf, key, aggParam, bad2);
        expect(refused2).toBeInstanceOf(VdafError);
        expect((refused2 as VdafError).code).toBe('verify_failed');
      }),
      { numRuns: RUNS },
    );
  });

  it('ping-pong refuses out-of-order messages', () => {
    const vdaf = new Poplar1({ bits: 4 });
    const key = new Uint8Array(32);
    const r = shardEncoded(vdaf, 5n);
    const ap = vdaf.encodeAggParam({ level: 1, prefixes: [0n, 1n] });
    const report = (aggId: 0 | 1) => ({
      verifyKey: key,
      ctx: CTX,
      aggParam: ap,
      nonce: r.nonce,
      publicShare: r.publicShare,
      inputShare: r.inputShares[aggId],
    });
    const l0 = pingPongLeaderInit(vdaf, report(0));
    expect(l0.kind).toBe('continued');
    if (l0.kind !== 'continued') return;
    const finish = encodePingPongMessage({ type: 'finish', verifierMessage: new Uint8Array(0) });
    const h = pingPongHelperInit(vdaf, report(1), finish);
    expect(h.kind).toBe('rejected');
    const l1 = pingPongLeaderContinued(vdaf, CTX, ap, l0, l0.outbound);
    expect(l1.kind).toBe('rejected');
    // A finish where the round needs a continue.
    const l2 = pingPongLeaderContinued(vdaf, CTX, ap, l0, finish);
    expect(l2.kind).toBe('rejected');
    if (l2.kind === 'rejected') expect(l2.error).toBeInstanceOf(VdafError);
  });
});

describe('Poplar1 heavy hitters', () => {
  it('a level-by-level walk finds exactly the strings held by at least the threshold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }).chain((bits) =>
          fc.record({
            bits: fc.constant(bits),
            pool: fc.array(fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n }), {
              minLength: 1,
              maxLength: 4,
            }),
            picks: fc.array(fc.nat(), { minLength: 1, maxLength: 14 }),
            threshold: fc.integer({ min: 1, max: 4 }),
            cache: fc.boolean(),
          }),
        ),
        ({ bits, pool, picks, threshold, cache }) => {
          const vdaf = new Poplar1({ bits });
          const ms = picks.map((k) => pool[k % pool.length]!);
          const key = new Uint8Array(randomBytes(32));
          const reports = ms.map((m) => shardEncoded(vdaf, m));
          const { hitters, params } = heavyHitters(vdaf, key, reports, threshold, cache);
          expect(hitters).toEqual(plainHeavyHitters(ms, threshold));
          // The walk's parameters form a valid sequence.
          params.forEach((p, i) => {
            expect(vdaf.isValid(p, params.slice(0, i))).toBe(true);
          });
        },
      ),
      { numRuns: RUNS },
    );
  });
});
