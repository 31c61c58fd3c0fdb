// The issuer's Blind RSA key per report window (docs/dap.md "Report tokens"): generated on first use,
// kept durably (0600) so a restart signs with the same key, and certified by the issuer's Ed25519 key.
import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { privacyPass as pp } from '../../dap/index.js';
import { writeFileAtomic } from '../../common/index.js';

export interface WindowKey {
  privateKey: KeyObject;
  spki: Uint8Array;
  cert: Uint8Array;
}

interface Stored {
  schema: 1;
  pem: string;
  spki: string;
  cert: string;
}

export class WindowKeys {
  private readonly cache = new Map<string, WindowKey>();
  constructor(
    private readonly dir: string,
    /** Ed25519 signature (hex) by the issuer's key. */
    private readonly sign: (message: Uint8Array) => string,
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  /** The key of one window; made, certified and stored durably the first time it is asked for. */
  get(windowSeconds: number, window: number): WindowKey {
    const id = `${windowSeconds}-${window}`;
    const hit = this.cache.get(id);
    if (hit) return hit;
    const file = join(this.dir, `${id}.json`);
    let stored: Stored;
    if (existsSync(file)) {
      // Written by this process's role; still parsed field by field below.
      stored = JSON.parse(readFileSync(file, 'utf8')) as Stored;
    } else {
      const { privateKey } = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicExponent: 0x10001,
      });
      const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
      // The modulus from a re-imported copy: Node 20's JWK export of a key a generation job made can
      // deadlock with the garbage collector finalising that job (both take the key's mutex).
      const n = Buffer.from(createPrivateKey(pem).export({ format: 'jwk' }).n ?? '', 'base64url');
      const spki = pp.encodeIssuerSpki(n);
      const cert = this.sign(pp.windowKeyCertMessage(windowSeconds, window, pp.tokenKeyIdOf(spki)));
      stored = {
        schema: 1,
        pem,
        spki: Buffer.from(spki).toString('base64url'),
        cert: Buffer.from(cert, 'hex').toString('base64url'),
      };
      writeFileAtomic(file, JSON.stringify(stored), { mode: 0o600 });
    }
    const key: WindowKey = {
      privateKey: pp.privateKeyFromPem(stored.pem),
      spki: Uint8Array.from(Buffer.from(stored.spki, 'base64url')),
      cert: Uint8Array.from(Buffer.from(stored.cert, 'base64url')),
    };
    this.cache.set(id, key);
    return key;
  }
}
