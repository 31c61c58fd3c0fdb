// RFC 9180 §4.1, §5.1, §5.2, §6.1 (base mode) for DHKEM(X25519, HKDF-SHA256)/HKDF-SHA256/AES-128-GCM.
import { concatBytes } from '../../common/index.js';
import { HpkeError } from '../errors.js';
import type { HpkePrimitives } from './primitives.js';
import {
  ascii,
  HPKE_SUITE_ID,
  i2osp,
  KEM_SUITE_ID,
  MODE_BASE,
  N_ENC,
  N_H,
  N_K,
  N_N,
  N_PK,
  N_SECRET,
  N_SK,
} from './suite.js';

const VERSION_LABEL = ascii('HPKE-v1');
const EMPTY = new Uint8Array(0);

export interface HpkeKeyPair {
  privateKey: Uint8Array;
  publicKey: Uint8Array;
}

export interface HpkeContext {
  readonly key: Uint8Array;
  readonly baseNonce: Uint8Array;
  readonly exporterSecret: Uint8Array;
  seal(aad: Uint8Array, pt: Uint8Array): Uint8Array;
  open(aad: Uint8Array, ct: Uint8Array): Uint8Array;
  export(exporterContext: Uint8Array, length: number): Uint8Array;
}

/** One HPKE implementation; every backend runs this same algorithm over its own primitives. */
export interface Hpke {
  readonly backend: string;
  generateKeyPair(): HpkeKeyPair;
  deriveKeyPair(ikm: Uint8Array): HpkeKeyPair;
  /** `ikmE` fixes the ephemeral key (RFC 9180 test vectors); production callers omit it. */
  setupBaseS(
    pkR: Uint8Array,
    info: Uint8Array,
    ikmE?: Uint8Array,
  ): { enc: Uint8Array; ctx: HpkeContext };
  setupBaseR(enc: Uint8Array, skR: Uint8Array, info: Uint8Array): HpkeContext;
  seal(
    pkR: Uint8Array,
    info: Uint8Array,
    aad: Uint8Array,
    pt: Uint8Array,
    ikmE?: Uint8Array,
  ): { enc: Uint8Array; ct: Uint8Array };
  open(
    enc: Uint8Array,
    skR: Uint8Array,
    info: Uint8Array,
    aad: Uint8Array,
    ct: Uint8Array,
  ): Uint8Array;
}

const ZERO_SALT = new Uint8Array(N_H);
// "HPKE-v1" || suite_id || label, built once per (suite, label): every open uses the same few labels.
const prefixes = new Map<Uint8Array, Map<string, Uint8Array>>();
function labelPrefix(suite: Uint8Array, label: string): Uint8Array {
  let bySuite = prefixes.get(suite);
  if (!bySuite) prefixes.set(suite, (bySuite = new Map<string, Uint8Array>()));
  let pre = bySuite.get(label);
  if (!pre) bySuite.set(label, (pre = concatBytes(VERSION_LABEL, suite, ascii(label))));
  return pre;
}
const COUNTERS = Array.from({ length: 255 }, (_, i) => Uint8Array.of(i + 1));

export function createHpke(p: HpkePrimitives): Hpke {
  // RFC 5869 Extract and Expand; the HMAC input is handed over in parts instead of concatenated.
  const labeledExtract = (suite: Uint8Array, salt: Uint8Array, label: string, ikm: Uint8Array) =>
    p.hmacSha256(salt.length === 0 ? ZERO_SALT : salt, [labelPrefix(suite, label), ikm]);
  const labeledExpand = (
    suite: Uint8Array,
    prk: Uint8Array,
    label: string,
    info: Uint8Array,
    length: number,
  ): Uint8Array => {
    // RFC 5869 §2.3: L <= 255 * HashLen.
    if (length > COUNTERS.length * N_H)
      throw new HpkeError('hpke_invalid_input', `cannot expand to ${length} bytes`);
    const head = [i2osp(length, 2), labelPrefix(suite, label), info];
    const first = p.hmacSha256(prk, [...head, COUNTERS[0] as Uint8Array]);
    if (length <= first.length) return first.subarray(0, length);
    const out = new Uint8Array(length);
    out.set(first);
    let t = first;
    for (let i = 1, o = t.length; o < length; i++) {
      t = p.hmacSha256(prk, [t, ...head, COUNTERS[i] as Uint8Array]);
      out.set(t.subarray(0, Math.min(t.length, length - o)), o);
      o += t.length;
    }
    return out;
  };

  const dh = (sk: Uint8Array, pk: Uint8Array): Uint8Array => {
    if (pk.length !== N_PK)
      throw new HpkeError('hpke_invalid_key', 'X25519 public key must be 32 bytes');
    let z: Uint8Array;
    try {
      z = p.x25519(sk, pk);
    } catch {
      throw new HpkeError('hpke_invalid_key', 'X25519 rejected the public key');
    }
    // RFC 9180 §7.1.4: an all-zero shared secret (low-order point) must abort.
    if (z.every((b) => b === 0))
      throw new HpkeError('hpke_invalid_key', 'X25519 produced the all-zero value');
    return z;
  };

  const deriveKeyPair = (ikm: Uint8Array): HpkeKeyPair => {
    const prk = labeledExtract(KEM_SUITE_ID, EMPTY, 'dkp_prk', ikm);
    const sk = labeledExpand(KEM_SUITE_ID, prk, 'sk', EMPTY, N_SK);
    return { privateKey: sk, publicKey: p.x25519PublicKey(sk) };
  };

  const extractAndExpand = (z: Uint8Array, kemContext: Uint8Array): Uint8Array => {
    const prk = labeledExtract(KEM_SUITE_ID, EMPTY, 'eae_prk', z);
    return labeledExpand(KEM_SUITE_ID, prk, 'shared_secret', kemContext, N_SECRET);
  };

  // Base mode's key_schedule_context depends only on `info`, which a server reuses for every report.
  const contexts = new Map<string, Uint8Array>();
  const scheduleContext = (info: Uint8Array): Uint8Array => {
    const id = Buffer.from(info).toString('latin1');
    let ksc = contexts.get(id);
    if (!ksc) {
      const pskIdHash = labeledExtract(HPKE_SUITE_ID, EMPTY, 'psk_id_hash', EMPTY);
      const infoHash = labeledExtract(HPKE_SUITE_ID, EMPTY, 'info_hash', info);
      ksc = concatBytes(Uint8Array.of(MODE_BASE), pskIdHash, infoHash);
      if (contexts.size >= 64) contexts.clear();
      contexts.set(id, ksc);
    }
    return ksc;
  };

  const keySchedule = (sharedSecret: Uint8Array, info: Uint8Array): HpkeContext => {
    const ksc = scheduleContext(info);
    const secret = labeledExtract(HPKE_SUITE_ID, sharedSecret, 'secret', EMPTY);
    const key = labeledExpand(HPKE_SUITE_ID, secret, 'key', ksc, N_K);
    const baseNonce = labeledExpand(HPKE_SUITE_ID, secret, 'base_nonce', ksc, N_N);
    // Single-shot open never exports, so the exporter secret is derived only when asked for.
    let exporterSecret: Uint8Array | undefined;
    const exporter = (): Uint8Array =>
      (exporterSecret ??= labeledExpand(HPKE_SUITE_ID, secret, 'exp', ksc, N_H));
    let seq = 0;
    const nonce = (): Uint8Array => {
      if (seq === 0) return baseNonce;
      const n = baseNonce.slice();
      const s = i2osp(seq, N_N);
      for (let i = 0; i < N_N; i++) n[i] = (n[i] ?? 0) ^ (s[i] ?? 0);
      return n;
    };
    return {
      key,
      baseNonce,
      get exporterSecret() {
        return exporter();
      },
      seal(aad, pt) {
        const ct = p.aesGcmSeal(key, nonce(), aad, pt);
        seq++;
        return ct;
      },
      open(aad, ct) {
        const pt = p.aesGcmOpen(key, nonce(), aad, ct);
        if (pt === null) throw new HpkeError('hpke_open_failed', 'HPKE open failed');
        seq++;
        return pt;
      },
      export: (ctx, length) => labeledExpand(HPKE_SUITE_ID, exporter(), 'sec', ctx, length),
    };
  };

  const hpke: Hpke = {
    backend: p.name,
    generateKeyPair: () => p.generateKeyPair?.() ?? deriveKeyPair(p.randomBytes(N_SK)),
    deriveKeyPair,
    setupBaseS(pkR, info, ikmE) {
      const eph = ikmE === undefined ? hpke.generateKeyPair() : deriveKeyPair(ikmE);
      const z = dh(eph.privateKey, pkR);
      const enc = eph.publicKey;
      const shared = extractAndExpand(z, concatBytes(enc, pkR));
      return { enc, ctx: keySchedule(shared, info) };
    },
    setupBaseR(enc, skR, info) {
      if (enc.length !== N_ENC) throw new HpkeError('hpke_invalid_input', 'enc must be 32 bytes');
      if (skR.length !== N_SK)
        throw new HpkeError('hpke_invalid_key', 'private key must be 32 bytes');
      const z = dh(skR, enc);
      const shared = extractAndExpand(z, concatBytes(enc, p.x25519PublicKey(skR)));
      return keySchedule(shared, info);
    },
    seal(pkR, info, aad, pt, ikmE) {
      const { enc, ctx } = hpke.setupBaseS(pkR, info, ikmE);
      return { enc, ct: ctx.seal(aad, pt) };
    },
    open(enc, skR, info, aad, ct) {
      return hpke.setupBaseR(enc, skR, info).open(aad, ct);
    },
  };
  return hpke;
}
