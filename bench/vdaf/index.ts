// npm run bench:vdaf — our Prio3 (draft-irtf-cfrg-vdaf-20) against @divviup/prio3@0.8.0 (VDAF-08)
// on the same workload in one process: shard one report; verify one report by both Aggregators
// (ours includes decoding the encoded shares, theirs starts from decoded objects). Then, in the
// same run, Poplar1 (bench/vdaf/poplar1.ts; BENCH_POPLAR1=0 skips it).
import { randomBytes } from 'node:crypto';
import { Prio3Histogram as DvHistogram, Prio3SumVec as DvSumVec } from '@divviup/prio3';
import {
  Prio3Histogram,
  Prio3SumVec,
  XofTurboShake128,
  chooseHistogramChunkLength,
  chooseSumVecChunkLength,
  type Prio3,
} from '../../vdaf/index.js';
import { benchPoplar1 } from './poplar1.js';

const CTX = new TextEncoder().encode('bench');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MIN_MS = Number(process.env.BENCH_MIN_MS ?? 500);

type Op = () => unknown;

/** CPU milliseconds of this process: steadier than wall time on a shared, loaded machine. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Median over rounds of the mean CPU time per call; each round runs for at least MIN_MS. */
async function time(op: Op): Promise<number> {
  const runs: number[] = [];
  await op();
  for (let r = 0; r < ROUNDS; r++) {
    let n = 0;
    const start = cpuMs();
    let now = start;
    while (now - start < MIN_MS) {
      await op();
      n++;
      now = cpuMs();
    }
    runs.push((now - start) / n);
  }
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)]!;
}

type XofMethod = (this: XofTurboShake128, ...args: never[]) => unknown;

/** Share of `op`'s time spent absorbing binder tails and squeezing inside the XOF. */
function xofShare(op: Op, iterations: number): number {
  const proto = XofTurboShake128.prototype as unknown as Record<string, XofMethod>;
  const originals = new Map<string, XofMethod>();
  let spent = 0;
  for (const name of ['next', 'absorbMore']) {
    const orig = proto[name]!;
    originals.set(name, orig);
    proto[name] = function (this: XofTurboShake128, ...args: never[]) {
      const t = performance.now();
      const out = orig.apply(this, args);
      spent += performance.now() - t;
      return out;
    };
  }
  const start = performance.now();
  for (let i = 0; i < iterations; i++) op();
  const total = performance.now() - start;
  for (const [name, orig] of originals) proto[name] = orig;
  return spent / total;
}

function oursOps(v: Prio3<unknown, unknown>, m: unknown): { shard: Op; verify: Op } {
  const key = randomBytes(v.VERIFY_KEY_SIZE);
  const nonce = randomBytes(v.NONCE_SIZE);
  const shard = (): Uint8Array[] => {
    const [pub, inputs] = v.shard(CTX, m, nonce, randomBytes(v.RAND_SIZE));
    return [v.encodePublicShare(pub), ...inputs.map((s) => v.encodeInputShare(s))];
  };
  const [pub, ...inputs] = shard();
  const verify = (): unknown => {
    const ps = v.decodePublicShare(pub!);
    const inits = inputs.map((s, j) =>
      v.verifyInit(key, CTX, j, null, nonce, ps, v.decodeInputShare(j, s)),
    );
    const shares = inits.map(([st, sh]) => v.decodeVerifierShare(st, v.encodeVerifierShare(sh)));
    const msg = v.verifierSharesToMessage(CTX, null, shares);
    return inits.map(([st]) => v.verifyNext(CTX, st, msg));
  };
  return { shard, verify };
}

async function theirsOps(
  v: DvSumVec | DvHistogram,
  m: unknown,
): Promise<{ shard: Op; verify: Op }> {
  const dv = v as DvSumVec;
  const key = Buffer.from(randomBytes(dv.verifyKeySize));
  const nonce = Buffer.from(randomBytes(dv.nonceSize));
  const shard = () => dv.shard(m as number[], nonce, Buffer.from(randomBytes(dv.randSize)));
  const { publicShare, inputShares } = await shard();
  const verify = async () => {
    const inits = await Promise.all(
      inputShares.map((s, j) => dv.prepareInit(key, j, null, nonce, publicShare, s)),
    );
    const msg = await dv.unshardPreparationShares(
      null,
      inits.map((i) => i.preparationShare),
    );
    return inits.map((i) => dv.prepareNext(i.preparationState, msg));
  };
  return { shard, verify };
}

const sumVecChunk = chooseSumVecChunkLength(1024, 1);
const histChunk = chooseHistogramChunkLength(128);
const sumVecMeas = Array.from({ length: 1024 }, (_, i) => (i % 3 === 0 ? 1 : 0));
const workloads = [
  {
    name: `Prio3SumVec(length 1024, max_measurement 1, chunk_length ${sumVecChunk})`,
    ours: oursOps(
      new Prio3SumVec({
        shares: 2,
        length: 1024,
        maxMeasurement: 1,
        chunkLength: sumVecChunk,
      }),
      sumVecMeas.map(BigInt),
    ),
    theirs: await theirsOps(
      new DvSumVec({ shares: 2, length: 1024, bits: 1, chunkLength: sumVecChunk }),
      sumVecMeas,
    ),
    target: 10,
  },
  {
    name: `Prio3Histogram(length 128, chunk_length ${histChunk})`,
    ours: oursOps(new Prio3Histogram({ shares: 2, length: 128, chunkLength: histChunk }), 77),
    theirs: await theirsOps(
      new DvHistogram({ shares: 2, length: 128, chunkLength: histChunk }),
      77,
    ),
    target: 5,
  },
];

const fmt = (ms: number): string => `${ms.toFixed(3)} ms`.padStart(11);
console.log(`vdaf bench: node ${process.version}; CPU time per report, median of ${ROUNDS} rounds`);
for (const w of workloads) {
  console.log(w.name);
  for (const what of ['shard', 'verify'] as const) {
    const a = await time(w.ours[what]);
    const b = await time(w.theirs[what]);
    const ratio = b / a;
    const share = xofShare(w.ours[what], 30);
    console.log(
      `  ${what.padEnd(6)} ours ${fmt(a)}  divviup ${fmt(b)}  ratio ${ratio.toFixed(1).padStart(5)}x ` +
        `(target >=${w.target}x: ${ratio >= w.target ? 'met' : 'MISSED'})  XOF ${(share * 100).toFixed(0)}% of ours`,
    );
  }
}

if (process.env.BENCH_POPLAR1 !== '0') benchPoplar1();
