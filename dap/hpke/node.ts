// RFC 9180 base mode over node:crypto alone (node-backend.ts): the instance a client's preparing
// thread needs, without the @noble reference backend that index.ts also builds.
import { createHpke, type Hpke } from './hpke.js';
import { nodeBackend } from './node-backend.js';

/** The node:crypto fast path (OpenSSL X25519 and AES-GCM); the default for clients and servers. */
export const hpkeNode: Hpke = createHpke(nodeBackend);
