// RFC 9180 base mode for DAP-18 §8: one interface, two backends.
import { createHpke, type Hpke } from './hpke.js';
import { nobleBackend } from './noble-backend.js';
import { hpkeNode } from './node.js';

export type { Hpke, HpkeContext, HpkeKeyPair } from './hpke.js';
export { AEAD_AES_128_GCM, KDF_HKDF_SHA256, KEM_DHKEM_X25519_HKDF_SHA256 } from './suite.js';

/** The synchronous @noble reference; accepts a fixed ephemeral ikm for test vectors. */
export const hpkeNoble: Hpke = createHpke(nobleBackend);
export { hpkeNode };
export const hpkeDefault: Hpke = hpkeNode;
