import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CanonicalJsonError,
  MeshError,
  bytesEqual,
  canonicalString,
  constantTimeEqual,
  writeFileAtomic,
  writeFileAtomicAsync,
} from '../../common/index.js';
import { FC_RUNS } from '../support/env.js';

describe('MeshError', () => {
  it('keeps code, hint and cause', () => {
    const cause = new Error('low');
    const e = new MeshError('x_failed', 'top', { cause, hint: 'do y' });
    expect([e.code, e.hint, e.cause]).toEqual(['x_failed', 'do y', cause]);
    expect(e).toBeInstanceOf(Error);
  });
});

describe('atomic files', () => {
  it('writes with the mode asked and leaves no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'leaf-'));
    writeFileAtomic(join(dir, 'a.key'), 'secret', { mode: 0o600 });
    await writeFileAtomicAsync(join(dir, 'b.json'), '{}');
    expect(statSync(join(dir, 'a.key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'b.json'), 'utf8')).toBe('{}');
    expect(readdirSync(dir).sort()).toEqual(['a.key', 'b.json']);
  });
});

describe('byte comparison', () => {
  it('constant-time and plain equality agree', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.uint8Array({ maxLength: 40 }), (a, b) => {
        expect(constantTimeEqual(a, b)).toBe(bytesEqual(a, b));
        expect(bytesEqual(a, a.slice())).toBe(true);
      }),
      { numRuns: FC_RUNS },
    );
  });
});

describe('canonical JSON', () => {
  it('round-trips integer JSON with sorted keys', () => {
    const json = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.constant(null),
        fc.boolean(),
        fc.maxSafeInteger(),
        fc.string(),
        fc.array(tie('v'), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie('v'), { maxKeys: 4 }),
      ),
    })).v;
    fc.assert(
      fc.property(json, (v) => {
        const text = canonicalString(v as never);
        expect(canonicalString(JSON.parse(text) as never)).toBe(text);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('refuses what it cannot carry', () => {
    for (const bad of [1.5, -0, '\uD800', { a: new Date() }]) {
      expect(() => canonicalString(bad as never)).toThrow(CanonicalJsonError);
    }
  });
});
