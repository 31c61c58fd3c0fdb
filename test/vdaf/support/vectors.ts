// The shape of the official draft-irtf-cfrg-vdaf-20 vectors and the Prio3 instance each file describes.
import {
  Field64,
  Prio3,
  Prio3Count,
  Prio3Histogram,
  Prio3MultihotCountVec,
  Prio3Sum,
  Prio3SumVec,
  SumVec,
} from '../../../vdaf/index.js';
import { HigherDegree } from './higher-degree.js';

export interface VectorOp {
  operation: string;
  report_index?: number;
  aggregator_id?: number;
  round?: number;
  success: boolean;
}

export interface VectorReport {
  measurement: unknown;
  nonce: string;
  rand: string;
  public_share: string;
  input_shares: string[];
  verifier_shares: string[][];
  verifier_messages: string[];
  out_shares: string[];
}

export interface VectorFile {
  ctx: string;
  verify_key: string;
  agg_param: string;
  shares: number;
  length?: number;
  max_measurement?: number;
  max_weight?: number;
  chunk_length?: number;
  reports: VectorReport[];
  agg_shares: string[];
  agg_result: unknown;
  operations: VectorOp[];
}

export const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'));
export const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

/** Any Prio3 instance, with measurement and result types erased for the table-driven runner. */
export type AnyPrio3 = Prio3<unknown, unknown>;

export function instanceFor(file: string, v: VectorFile): AnyPrio3 {
  const shares = v.shares;
  const kind = file.replace(/_[^_]*\.json$/, '').replace(/_bad$/, '');
  const p = (x: unknown): AnyPrio3 => x as AnyPrio3;
  if (file.startsWith('Prio3Count')) return p(new Prio3Count({ shares }));
  if (file.startsWith('Prio3SumVecWithMultiproof')) {
    const valid = new SumVec(Field64, v.length!, BigInt(v.max_measurement!), v.chunk_length!);
    return p(new Prio3(0xffffffff, shares, valid, 3));
  }
  if (file.startsWith('Prio3SumVec')) {
    return p(
      new Prio3SumVec({
        shares,
        length: v.length!,
        maxMeasurement: v.max_measurement!,
        chunkLength: v.chunk_length!,
      }),
    );
  }
  if (file.startsWith('Prio3Sum'))
    return p(new Prio3Sum({ shares, maxMeasurement: v.max_measurement! }));
  if (file.startsWith('Prio3Histogram')) {
    return p(new Prio3Histogram({ shares, length: v.length!, chunkLength: v.chunk_length! }));
  }
  if (file.startsWith('Prio3MultihotCountVec')) {
    return p(
      new Prio3MultihotCountVec({
        shares,
        length: v.length!,
        maxWeight: v.max_weight!,
        chunkLength: v.chunk_length!,
      }),
    );
  }
  if (file.startsWith('Prio3HigherDegree'))
    return p(new Prio3(0xffffffff, shares, new HigherDegree(), 1));
  throw new Error(`no instance for ${file} (${kind})`);
}

/** Vector measurements and results are JSON numbers; Sum and SumVec speak bigint. */
export function measurementFor(file: string, m: unknown): unknown {
  if (file.startsWith('Prio3SumVec')) return (m as number[]).map(BigInt);
  if (file.startsWith('Prio3Sum')) return BigInt(m as number);
  return m;
}

export function resultFor(file: string, r: unknown): unknown {
  if (file.startsWith('Prio3SumVec')) return (r as number[]).map(BigInt);
  if (file.startsWith('Prio3Sum') || file.startsWith('Prio3HigherDegree'))
    return BigInt(r as number);
  return r;
}
