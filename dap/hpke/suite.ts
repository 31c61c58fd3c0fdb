// RFC 9180 §7: identifiers and sizes of the one suite DAP-18 §8 makes mandatory.
import { concatBytes } from '../../common/index.js';
export const KEM_DHKEM_X25519_HKDF_SHA256 = 0x0020;
export const KDF_HKDF_SHA256 = 0x0001;
export const AEAD_AES_128_GCM = 0x0001;
export const MODE_BASE = 0x00;

/** Nsecret, Nenc, Npk, Nsk of DHKEM(X25519, HKDF-SHA256). */
export const N_SECRET = 32;
export const N_ENC = 32;
export const N_PK = 32;
export const N_SK = 32;
/** Nk, Nn, Nt of AES-128-GCM. */
export const N_K = 16;
export const N_N = 12;
export const N_T = 16;
/** Nh of HKDF-SHA256. */
export const N_H = 32;

const enc = new TextEncoder();
export function i2osp(n: number, w: number): Uint8Array {
  const out = new Uint8Array(w);
  let v = n;
  for (let i = w - 1; i >= 0; i--) {
    out[i] = v & 0xff;
    v = Math.floor(v / 256);
  }
  return out;
}

export const ascii = (s: string): Uint8Array => enc.encode(s);

/** suite_id of the KEM (§4.1) and of the whole suite (§5.1). */
export const KEM_SUITE_ID = concatBytes(ascii('KEM'), i2osp(KEM_DHKEM_X25519_HKDF_SHA256, 2));
export const HPKE_SUITE_ID = concatBytes(
  ascii('HPKE'),
  i2osp(KEM_DHKEM_X25519_HKDF_SHA256, 2),
  i2osp(KDF_HKDF_SHA256, 2),
  i2osp(AEAD_AES_128_GCM, 2),
);
