// DAP-18 §4.4.1 HpkeConfig and HpkeConfigList.
import { DecodeError } from '../errors.js';
import { DEFAULT_LIMITS, type DecodeLimits } from '../codec/limits.js';
import { decodeAll, type Reader } from '../codec/reader.js';
import { encodeWith, type Writer } from '../codec/writer.js';

export interface HpkeConfig {
  id: number;
  kemId: number;
  kdfId: number;
  aeadId: number;
  publicKey: Uint8Array;
}

export function writeHpkeConfig(w: Writer, c: HpkeConfig): void {
  w.u8(c.id, 'id').u16(c.kemId, 'kem_id').u16(c.kdfId, 'kdf_id').u16(c.aeadId, 'aead_id');
  w.opaque(2, c.publicKey, 'public_key', 1);
}

export function readHpkeConfig(r: Reader): HpkeConfig {
  return {
    id: r.u8('id'),
    kemId: r.u16('kem_id'),
    kdfId: r.u16('kdf_id'),
    aeadId: r.u16('aead_id'),
    publicKey: r.opaque(2, 'public_key', 1, 1024),
  };
}

export const encodeHpkeConfig = (c: HpkeConfig): Uint8Array =>
  encodeWith((w) => {
    writeHpkeConfig(w, c);
  });
export const decodeHpkeConfig = (b: Uint8Array): HpkeConfig =>
  decodeAll(b, 'HpkeConfig', readHpkeConfig);

/** HpkeConfig HpkeConfigList<10..2^16-1>: one or more configs with distinct ids. */
export function encodeHpkeConfigList(list: readonly HpkeConfig[]): Uint8Array {
  return encodeWith((w) =>
    w.vector(2, 'HpkeConfigList', (v) => {
      for (const c of list) writeHpkeConfig(v, c);
    }),
  );
}

export function decodeHpkeConfigList(
  b: Uint8Array,
  l: DecodeLimits = DEFAULT_LIMITS,
): HpkeConfig[] {
  // this value is attacker-controlled
  const list = decodeAll(b, 'HpkeConfigList', (r) =>
    r.vector(2, 'configs', l.maxHpkeConfigs, readHpkeConfig),
  );
  if (list.length === 0) throw new DecodeError('decode_bounds', 'HpkeConfigList is empty');
  if (new Set(list.map((c) => c.id)).size !== list.length)
    throw new DecodeError('decode_invalid', 'HpkeConfigList repeats an id');
  return list;
}
