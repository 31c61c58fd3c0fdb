// draft-irtf-cfrg-vdaf §7.2 Prio3 verifyInit: an input share given to the wrong aggregator, or of
// the wrong length, is refused with argument_invalid before any verification work.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Prio3Count } from '../../vdaf/index.js';

const vdaf = new Prio3Count({ shares: 2 });
const ctx = new TextEncoder().encode('share roles');
const nonce = Uint8Array.from(randomBytes(16));
const verifyKey = Uint8Array.from(randomBytes(vdaf.VERIFY_KEY_SIZE));
const [pub, inputs] = vdaf.shard(ctx, 1, nonce, Uint8Array.from(randomBytes(vdaf.RAND_SIZE)));
const [leader, helper] = inputs;
if (leader?.kind !== 'leader' || helper?.kind !== 'helper') throw new Error('shard gave no shares');

describe('Prio3 verifyInit and the share it is given', () => {
  it('accepts each share at its own aggregator', () => {
    expect(() => vdaf.verifyInit(verifyKey, ctx, 0, null, nonce, pub, leader)).not.toThrow();
    expect(() => vdaf.verifyInit(verifyKey, ctx, 1, null, nonce, pub, helper)).not.toThrow();
  });
  it('refuses a helper share at aggregator 0 and a leader share at aggregator 1', () => {
    expect(() => vdaf.verifyInit(verifyKey, ctx, 0, null, nonce, pub, helper)).toThrow(
      expect.objectContaining({ code: 'argument_invalid' }) as Error,
    );
    expect(() => vdaf.verifyInit(verifyKey, ctx, 1, null, nonce, pub, leader)).toThrow(
      /helpers need a helper share/,
    );
  });
  it('refuses a leader share of the wrong length and a helper seed of the wrong size', () => {
    const short = { ...leader, proofsShare: leader.measShare };
    expect(() => vdaf.verifyInit(verifyKey, ctx, 0, null, nonce, pub, short)).toThrow(
      /leader input share has the wrong length/,
    );
    const seed = { ...helper, share: new Uint8Array(5) };
    expect(() => vdaf.verifyInit(verifyKey, ctx, 1, null, nonce, pub, seed)).toThrow(
      expect.objectContaining({ code: 'argument_invalid' }) as Error,
    );
  });
});
