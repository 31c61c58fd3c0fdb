// Poplar1 helpers for the property tests and the benchmark: shard, run both Aggregators over the
// ping-pong topology, and walk the IDPF tree level by level for the heavy hitters.
import { randomBytes } from 'node:crypto';
import {
  pingPongHelperContinued,
  pingPongHelperInit,
  pingPongLeaderContinued,
  pingPongLeaderInit,
  type PingPongVdaf,
  type Poplar1,
  type Poplar1AggParam,
  type Poplar1AggShare,
  type Poplar1OutShare,
  type Poplar1ReportCache,
  type Poplar1VerifierMessage,
  type Poplar1VerifierShare,
  type Poplar1VerifyState,
  type Poplar1AggParam as AP,
  type Poplar1InputShare,
  type Poplar1PublicShare,
  VdafError,
} from '../../../vdaf/index.js';

export const CTX = new TextEncoder().encode('poplar1 tests');

export type EncodedReport = {
  readonly nonce: Uint8Array;
  readonly publicShare: Uint8Array;
  readonly inputShares: readonly [Uint8Array, Uint8Array];
};

export function shardEncoded(vdaf: Poplar1, m: bigint, ctx = CTX): EncodedReport {
  const nonce = new Uint8Array(randomBytes(vdaf.NONCE_SIZE));
  const [pub, inputs] = vdaf.shard(ctx, m, nonce, new Uint8Array(randomBytes(vdaf.RAND_SIZE)));
  return {
    nonce,
    publicShare: vdaf.encodePublicShare(pub),
    inputShares: [vdaf.encodeInputShare(inputs[0]), vdaf.encodeInputShare(inputs[1])],
  };
}

type PP = PingPongVdaf<
  AP,
  Poplar1PublicShare,
  Poplar1InputShare,
  Poplar1VerifyState,
  Poplar1VerifierShare,
  Poplar1VerifierMessage,
  Poplar1OutShare
>;

/**
 * Both Aggregators verify one report over ping-pong (with per-report caches when given): the two
 * output shares, or the VdafError that rejected it.
 */
export function verifyPingPong(
  vdaf: Poplar1,
  verifyKey: Uint8Array,
  aggParam: Poplar1AggParam,
  r: EncodedReport,
  caches?: readonly [Poplar1ReportCache, Poplar1ReportCache],
  ctx = CTX,
): [Poplar1OutShare, Poplar1OutShare] | VdafError {
  const ap = vdaf.encodeAggParam(aggParam);
  // With caches, bind each Aggregator's cache into verifyInit.
  const withCache = (aggId: 0 | 1): PP =>
    caches
      ? Object.assign(Object.create(vdaf) as Poplar1, {
          verifyInit: (...args: Parameters<Poplar1['verifyInit']>) =>
            vdaf.verifyInit(
              args[0],
              args[1],
              args[2],
              args[3],
              args[4],
              args[5],
              args[6],
              caches[aggId],
            ),
        })
      : vdaf;
  const leader = withCache(0);
  const helper = withCache(1);
  const report = (aggId: 0 | 1) => ({
    verifyKey,
    ctx,
    aggParam: ap,
    nonce: r.nonce,
    publicShare: r.publicShare,
    inputShare: r.inputShares[aggId],
  });
  const l0 = pingPongLeaderInit(leader, report(0));
  if (l0.kind === 'rejected') return l0.error;
  if (l0.kind !== 'continued') throw new Error(`leader init: ${l0.kind}`);
  const h0 = pingPongHelperInit(helper, report(1), l0.outbound);
  if (h0.kind === 'rejected') return h0.error;
  if (h0.kind !== 'continued') throw new Error(`helper init: ${h0.kind}`);
  const l1 = pingPongLeaderContinued(leader, ctx, ap, l0, h0.outbound);
  if (l1.kind === 'rejected') return l1.error;
  if (l1.kind !== 'finishedWithOutbound') throw new Error(`leader continued: ${l1.kind}`);
  const h1 = pingPongHelperContinued(helper, ctx, ap, h0, l1.outbound);
  if (h1.kind === 'rejected') return h1.error;
  if (h1.kind !== 'finished') throw new Error(`helper continued: ${h1.kind}`);
  return [l1.outShare, h1.outShare];
}

export type WalkResult = {
  /** The heavy hitters with their counts, sorted. */
  readonly hitters: readonly { readonly value: bigint; readonly count: number }[];
  /** Every aggregation parameter used, in order. */
  readonly params: readonly Poplar1AggParam[];
};

/**
 * The heavy-hitters walk in one process: at each level, aggregate the reports over the candidate
 * prefixes (the children of the last level's survivors), keep those counted by at least
 * `threshold` reports, and descend. Every report must verify.
 */
export function heavyHitters(
  vdaf: Poplar1,
  verifyKey: Uint8Array,
  reports: readonly EncodedReport[],
  threshold: number,
  useCache = true,
): WalkResult {
  const caches = reports.map(
    () =>
      [vdaf.newReportCache(), vdaf.newReportCache()] as [Poplar1ReportCache, Poplar1ReportCache],
  );
  const params: Poplar1AggParam[] = [];
  let survivors: bigint[] = [0n];
  let counts: number[] = [];
  for (let level = 0; level < vdaf.BITS; level++) {
    const prefixes = level === 0 ? [0n, 1n] : survivors.flatMap((p) => [2n * p, 2n * p + 1n]);
    const aggParam: Poplar1AggParam = { level, prefixes };
    if (!vdaf.isValid(aggParam, params)) throw new Error(`invalid parameter at level ${level}`);
    params.push(aggParam);
    const agg: [Poplar1AggShare, Poplar1AggShare] = [
      vdaf.aggInit(aggParam),
      vdaf.aggInit(aggParam),
    ];
    reports.forEach((r, i) => {
      const out = verifyPingPong(vdaf, verifyKey, aggParam, r, useCache ? caches[i] : undefined);
      if (out instanceof VdafError) throw out;
      vdaf.aggUpdateInPlace(aggParam, agg[0], out[0]);
      vdaf.aggUpdateInPlace(aggParam, agg[1], out[1]);
    });
    // The Collector sees the encoded aggregate shares.
    const result = vdaf.unshard(
      aggParam,
      agg.map((a) => vdaf.decodeAggShare(aggParam, vdaf.encodeAggShare(a))),
      reports.length,
    );
    survivors = prefixes.filter((_, i) => (result[i] as number) >= threshold);
    counts = result.filter((c) => c >= threshold);
    if (survivors.length === 0) break;
  }
  const hitters =
    params.length === vdaf.BITS && survivors.length > 0
      ? survivors.map((value, i) => ({ value, count: counts[i] as number }))
      : [];
  return { hitters, params };
}

/** The plain answer: each value held by at least `threshold` measurements, with its count. */
export function plainHeavyHitters(
  measurements: readonly bigint[],
  threshold: number,
): { value: bigint; count: number }[] {
  const counts = new Map<bigint, number>();
  for (const m of measurements) counts.set(m, (counts.get(m) ?? 0) + 1);
  return [...counts]
    .filter(([, c]) => c >= threshold)
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}
