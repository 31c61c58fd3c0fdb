// `--ca FILE` (docs/dap.md "TLS with a private CA"): certificates of a private CA trusted, on top of
// the system roots, by every TLS connection this process makes. Node's fetch (undici) and node:https
// both open their sockets through `tls.connect` of the node:tls module, so that one function is the
// one shared place: a connection that names no CA of its own gets the system roots plus FILE.
import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type tlsModule from 'node:tls';
import { MeshError } from '../errors.js';

export type TlsCaErrorCode = 'tls_ca_invalid';

export class TlsCaError extends MeshError<TlsCaErrorCode> {
  override readonly name = 'TlsCaError';
}

const MAX_CA_BYTES = 1 << 20;
const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
let installed: string[] | undefined;

/** The PEM certificates in FILE, each parsed (a bundle may hold several). */
export function readCaFile(file: string): string[] {
  let text: string;
  try {
    if (statSync(file).size > MAX_CA_BYTES)
      throw new TlsCaError('tls_ca_invalid', `${file}: larger than ${MAX_CA_BYTES} bytes`);
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof TlsCaError) throw e;
    throw new TlsCaError('tls_ca_invalid', `cannot read --ca ${file}: ${(e as Error).message}`, {
      cause: e,
      hint: 'give a PEM file with the CA certificate(s)',
    });
  }
  const blocks = text.match(PEM) ?? [];
  if (blocks.length === 0)
    throw new TlsCaError('tls_ca_invalid', `${file}: no PEM certificate in it`, {
      hint: 'give the CA certificate in PEM form (-----BEGIN CERTIFICATE-----)',
    });
  for (const b of blocks) {
    try {
      new X509Certificate(b);
    } catch (e) {
      throw new TlsCaError('tls_ca_invalid', `${file}: a certificate does not parse`, {
        cause: e,
        hint: 'give the CA certificate in PEM form',
      });
    }
  }
  return blocks;
}

/**
 * Trusts the CA certificates in FILE for the rest of this process, besides the system roots.
 * @throws TlsCaError tls_ca_invalid (unreadable, too large, no or a broken certificate)
 * @example trustCaFile('/etc/mesh/ca.pem'); await fetch('https://helper.internal/hpke_config');
 */
export function trustCaFile(file: string): void {
  const extra = readCaFile(file);
  const first = installed === undefined;
  installed = [...(installed ?? []), ...extra];
  if (!first) return;
  // Loaded here, not at import: every command imports this file, few give --ca.
  const tls = process.getBuiltinModule('node:tls');
  const connect = tls.connect.bind(tls) as (...args: unknown[]) => tlsModule.TLSSocket;
  const patched = (...args: unknown[]): tlsModule.TLSSocket => {
    const o = args[0];
    if (typeof o === 'object' && o !== null) {
      const opts = o as tlsModule.ConnectionOptions;
      if (opts.ca === undefined && opts.secureContext === undefined)
        args[0] = { ...opts, ca: [...tls.rootCertificates, ...(installed ?? [])] };
    }
    return connect(...args);
  };
  tls.connect = patched;
}
