// Every official draft-irtf-cfrg-vdaf-20 Prio3 vector, run operation by operation (Appendix C.1).
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Prio3InputShare, Prio3VerifierShare, Prio3VerifyState } from '../../vdaf/index.js';
import { vectorFolder } from '../support/env.js';
import {
  hex,
  instanceFor,
  loadVector,
  measurementFor,
  resultFor,
  toHex,
} from './support/vectors.js';

const folder = vectorFolder('vdaf/draft-irtf-cfrg-vdaf-20');
const files = folder.skip
  ? []
  : readdirSync(folder.dir).filter((f) => f.startsWith('Prio3') && f.endsWith('.json'));

describe.skipIf(folder.skip)('Prio3 vectors (draft-irtf-cfrg-vdaf-20)', () => {
  it('finds all 25 Prio3 files', () => {
    expect(files.length).toBe(25);
  });

  it.each(files)('%s', (file) => {
    const v = loadVector(folder.dir, file);
    const vdaf = instanceFor(file, v);
    const ctx = hex(v.ctx);
    const verifyKey = hex(v.verify_key);
    const aggParam = vdaf.decodeAggParam(hex(v.agg_param));
    const states = new Map<string, Prio3VerifyState>();
    const vshares = new Map<string, Prio3VerifierShare>();
    const failed = new Set<number>();
    const outShares: Uint32Array[][] = Array.from({ length: v.shares }, () => []);
    let checked = 0;

    for (const op of v.operations) {
      const ri = op.report_index ?? 0;
      const r = v.reports[ri]!;
      const nonce = hex(r.nonce);
      const run = (): void => {
        switch (op.operation) {
          case 'shard': {
            const [pub, inputs] = vdaf.shard(
              ctx,
              measurementFor(file, r.measurement),
              nonce,
              hex(r.rand),
            );
            expect(toHex(vdaf.encodePublicShare(pub))).toBe(r.public_share);
            inputs.forEach((s: Prio3InputShare, j: number) => {
              expect(toHex(vdaf.encodeInputShare(s))).toBe(r.input_shares[j]);
            });
            break;
          }
          case 'verify_init': {
            const agg = op.aggregator_id!;
            const [state, share] = vdaf.verifyInit(
              verifyKey,
              ctx,
              agg,
              aggParam,
              nonce,
              vdaf.decodePublicShare(hex(r.public_share)),
              vdaf.decodeInputShare(agg, hex(r.input_shares[agg]!)),
            );
            const want = r.verifier_shares[0]?.[agg];
            if (want !== undefined) expect(toHex(vdaf.encodeVerifierShare(share))).toBe(want);
            states.set(`${ri}/${agg}`, state);
            vshares.set(`${ri}/${agg}`, share);
            break;
          }
          case 'verifier_shares_to_message': {
            const shares = Array.from({ length: v.shares }, (_, j) => {
              const st = states.get(`${ri}/${j}`)!;
              const enc = r.verifier_shares[0]?.[j];
              return enc === undefined
                ? vshares.get(`${ri}/${j}`)!
                : vdaf.decodeVerifierShare(st, hex(enc));
            });
            const msg = vdaf.verifierSharesToMessage(ctx, aggParam, shares);
            expect(toHex(vdaf.encodeVerifierMessage(msg))).toBe(r.verifier_messages[0]);
            break;
          }
          case 'verify_next': {
            const agg = op.aggregator_id!;
            const st = states.get(`${ri}/${agg}`)!;
            const msg = vdaf.decodeVerifierMessage(st, hex(r.verifier_messages[0]!));
            const out = vdaf.verifyNext(ctx, st, msg);
            expect(toHex(vdaf.encodeOutShare(out))).toBe(r.out_shares[agg]);
            outShares[agg]!.push(out);
            break;
          }
          case 'aggregate': {
            const agg = op.aggregator_id!;
            let share = vdaf.aggInit(aggParam);
            for (const out of outShares[agg]!) share = vdaf.aggUpdate(aggParam, share, out);
            expect(toHex(vdaf.encodeAggShare(share))).toBe(v.agg_shares[agg]);
            break;
          }
          case 'unshard': {
            const aggShares = v.agg_shares.map((s) => vdaf.decodeAggShare(aggParam, hex(s)));
            const result = vdaf.unshard(aggParam, aggShares, v.reports.length);
            expect(result).toEqual(resultFor(file, v.agg_result));
            break;
          }
          default:
            throw new Error(`unknown operation ${op.operation}`);
        }
      };
      if (failed.has(ri)) continue;
      if (op.success) {
        run();
      } else {
        expect(run).toThrow();
        failed.add(ri);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
