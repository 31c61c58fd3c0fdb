// The official vector files of a folder and the operation loop every runner shares
// (draft-irtf-cfrg-vdaf-20 Appendix C.1): each operation in order, a failing one asserted by code.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { VdafError } from '../../../vdaf/index.js';
import { vectorFolder } from '../../support/env.js';
import type { VectorOp } from './vectors.js';

export const VDAF_VECTORS = vectorFolder('vdaf/draft-irtf-cfrg-vdaf-20');

/** The files of the official folder whose names start with `prefix` (none when the folder is absent). */
export function vectorFiles(prefix: string): string[] {
  return VDAF_VECTORS.skip
    ? []
    : readdirSync(VDAF_VECTORS.dir)
        .filter((f) => f.startsWith(prefix) && f.endsWith('.json'))
        .sort();
}

export function readVector(file: string): unknown {
  return JSON.parse(readFileSync(join(VDAF_VECTORS.dir, file), 'utf8'));
}

/** One operation of a vector: `ri` is its report index (0 when the file names none). */
export type OperationRunner = (op: VectorOp, ri: number) => void;

/**
 * Runs `operations` in order through `run`. An operation the file marks as failing must throw a
 * VdafError with `expectedCode`, and the rest of its report is skipped, as the draft's runner does;
 * a file with no expected code must have no failing operation.
 */
export function runOperations(
  operations: readonly VectorOp[],
  run: Readonly<Record<string, OperationRunner>>,
  expectedCode: string | undefined,
): void {
  const failedReports = new Set<number>();
  let checked = 0;
  for (const op of operations) {
    const ri = op.report_index ?? 0;
    if (failedReports.has(ri)) continue;
    const step = run[op.operation];
    expect(step, `operation ${op.operation}`).toBeDefined();
    if (op.success) {
      step!(op, ri);
    } else {
      let code: string | undefined;
      try {
        step!(op, ri);
      } catch (e) {
        expect(e).toBeInstanceOf(VdafError);
        code = (e as VdafError).code;
      }
      expect(code, `${op.operation} of report ${ri}`).toBe(expectedCode);
      failedReports.add(ri);
    }
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
  expect(failedReports.size > 0).toBe(expectedCode !== undefined);
}

/** Every negative file (`_bad_` in its name) has an expected code, and every expected code a file. */
export function expectNegativesCovered(files: readonly string[], expected: object): void {
  expect(files.filter((f) => f.includes('_bad_')).sort()).toEqual(Object.keys(expected).sort());
}

interface Aggregating<P, O, A> {
  aggInit(aggParam: P): A;
  aggUpdate(aggParam: P, share: A, out: O): A;
  encodeAggShare(share: A): Uint8Array;
}

/** The encoded aggregate share of `outs`, as one Aggregator computes it. */
export function aggregateEncoded<P, O, A>(
  vdaf: Aggregating<P, O, A>,
  aggParam: P,
  outs: readonly O[],
): string {
  let share = vdaf.aggInit(aggParam);
  for (const out of outs) share = vdaf.aggUpdate(aggParam, share, out);
  return Buffer.from(vdaf.encodeAggShare(share)).toString('hex');
}
