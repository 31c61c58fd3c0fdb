// Refusals and encodings of dap/ that the protocol suites do not reach: every VdafConfiguration
// variant (DAP-18 §4.2) encoded and decoded, task files and parameters that are malformed, secret
// files other users may read (docs/architecture.md "Rules every room follows"), unpadded base64url (RFC 4648
// §5) and an HPKE secret exported longer than one hash (RFC 9180 §5.3, RFC 5869 §2.3).
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expand } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  newTaskFiles,
  parseTaskFile,
  parseTaskParams,
  readTaskFile,
  vdafConfigOf,
} from '../../dap/index.js';
import { fromB64url } from '../../dap/encoding.js';
import { hpkeNode, hpkeNoble } from '../../dap/hpke/index.js';
import {
  VdafType,
  decodeVdafConfiguration,
  encodeVdafConfiguration,
  type VdafConfig,
} from '../../dap/messages/vdaf-config.js';
import { FC_RUNS } from '../support/env.js';
import { taskParams } from './support.js';

const u32 = fc.integer({ min: 1, max: 0xffffffff });
const u64 = fc.maxSafeInteger().filter((n) => n >= 1);
const config: fc.Arbitrary<VdafConfig> = fc.oneof(
  fc.constant({ vdaf: 'Prio3Count' } as const),
  u64.map((maxMeasurement) => ({ vdaf: 'Prio3Sum', maxMeasurement }) as const),
  fc.tuple(u32, u64, u32).map(([length, maxMeasurement, chunkLength]) => ({
    vdaf: 'Prio3SumVec' as const,
    length,
    maxMeasurement,
    chunkLength,
  })),
  fc
    .tuple(u32, u32)
    .map(([length, chunkLength]) => ({ vdaf: 'Prio3Histogram' as const, length, chunkLength })),
  fc.tuple(u32, u32, u64).map(([length, chunkLength, maxWeight]) => ({
    vdaf: 'Prio3MultihotCountVec' as const,
    length,
    chunkLength,
    maxWeight,
  })),
  fc.integer({ min: 1, max: 0xffff }).map((bits) => ({ vdaf: 'Poplar1', bits }) as const),
);

describe('VdafConfiguration', () => {
  it('decodes what it encodes, for every VDAF', () => {
    fc.assert(
      fc.property(config, (c) => {
        const bytes = encodeVdafConfiguration(c);
        expect(decodeVdafConfiguration(VdafType[c.vdaf], bytes)).toEqual(c);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('refuses an unknown vdaf_type and trailing bytes', () => {
    expect(() => decodeVdafConfiguration(0xffff0000, new Uint8Array())).toThrow(
      expect.objectContaining({ code: 'decode_invalid' }),
    );
    const count = encodeVdafConfiguration({ vdaf: 'Prio3Count' });
    let trailing: unknown;
    try {
      decodeVdafConfiguration(VdafType.Prio3Count, new Uint8Array([...count, 0]));
    } catch (e) {
      trailing = e;
    }
    expect(trailing).toMatchObject({ name: 'DecodeError' });
  });
});

describe('task files', () => {
  const files = newTaskFiles(taskParams('http://127.0.0.1:1', 'http://127.0.0.1:2'));
  const task = { code: 'task_invalid' };

  it('refuses a bad schema, role or missing field, and a secret in a file without one', () => {
    expect(() => parseTaskFile({ ...files.leader, schema: 0 })).toThrow(
      expect.objectContaining(task),
    );
    expect(() => parseTaskFile({ ...files.leader, role: 'auditor' })).toThrow(
      expect.objectContaining(task),
    );
    const { vdaf_verify_key: _dropped, ...noKey } = files.leader;
    expect(() => parseTaskFile(noKey, 'leader')).toThrow(expect.objectContaining(task));
    expect(() =>
      parseTaskFile({ ...files.client, vdaf_verify_key: files.leader.vdaf_verify_key }),
    ).toThrow(expect.objectContaining(task));
  });

  it('refuses an unreadable, non-JSON or exposed file before parsing it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mesh-dap-task-'));
    expect(() => readTaskFile(join(dir, 'missing.json'), 'leader')).toThrow(
      expect.objectContaining(task),
    );
    writeFileSync(join(dir, 'garbage.json'), '{ not json', { mode: 0o600 });
    expect(() => readTaskFile(join(dir, 'garbage.json'), 'leader')).toThrow(
      expect.objectContaining(task),
    );
    const exposed = join(dir, 'leader.json');
    writeFileSync(exposed, JSON.stringify(files.leader));
    chmodSync(exposed, 0o644);
    expect(() => readTaskFile(exposed, 'leader')).toThrow(
      expect.objectContaining({ code: 'task_file_exposed', hint: `run chmod 600 ${exposed}` }),
    );
    chmodSync(exposed, 0o600);
    expect(readTaskFile(exposed, 'leader').task_id).toBe(files.leader.task_id);
  });

  it('refuses parameters with a bad endpoint, VDAF or task_info', () => {
    const params = taskParams('http://127.0.0.1:1', 'http://127.0.0.1:2');
    for (const bad of [
      { ...params, leader: 'not a url' },
      { ...params, helper: 'ftp://127.0.0.1/helper/' },
      { ...params, task_info: '' },
      { ...params, task_info: Buffer.alloc(256, 1).toString('base64url') },
    ])
      expect(() => parseTaskParams(bad)).toThrow(expect.objectContaining(task));
    expect(() => vdafConfigOf({ type: 'Prio4' } as never)).toThrow(expect.objectContaining(task));
  });
});

describe('unpadded base64url', () => {
  it('refuses other alphabets, impossible lengths and the wrong size', () => {
    expect(fromB64url('AAEC', 3)).toEqual(new Uint8Array([0, 1, 2]));
    for (const [s, n] of [
      ['AA+C', undefined],
      ['AAECA', undefined],
      ['AAEC', 4],
    ] as const)
      expect(() => fromB64url(s, n)).toThrow(expect.objectContaining({ code: 'decode_invalid' }));
  });
});

describe('HPKE export', () => {
  // RFC 9180 §4: LabeledExpand(prk, label, info, L) = Expand(prk, I2OSP(L, 2) || "HPKE-v1" ||
  // suite_id || label || info, L), suite_id = "HPKE" || kem 0x0020 || kdf 0x0001 || aead 0x0001.
  const suite = new Uint8Array([...Buffer.from('HPKE'), 0, 0x20, 0, 1, 0, 1]);
  const labeled = (label: string, info: Uint8Array, length: number): Uint8Array =>
    new Uint8Array([
      length >> 8,
      length & 0xff,
      ...Buffer.from('HPKE-v1'),
      ...suite,
      ...Buffer.from(label),
      ...info,
    ]);

  it('exports more than one hash length as HKDF-Expand does, on both backends', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 16 }),
        fc.integer({ min: 33, max: 200 }),
        (context, length) => {
          for (const hpke of [hpkeNode, hpkeNoble]) {
            const { ctx } = hpke.setupBaseS(hpke.generateKeyPair().publicKey, new Uint8Array([1]));
            const want = expand(
              sha256,
              ctx.exporterSecret,
              labeled('sec', context, length),
              length,
            );
            expect(Buffer.from(ctx.export(context, length)).toString('hex')).toBe(
              Buffer.from(want).toString('hex'),
            );
          }
        },
      ),
      { numRuns: Math.min(FC_RUNS, 20) },
    );
  });
});
