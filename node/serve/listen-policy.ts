// docs/architecture.md "Rules every room follows": TLS when given a certificate; plain HTTP only on loopback
// unless the operator says --insecure-http.
import { isIP } from 'node:net';
import { UsageError } from '../errors.js';

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return false;
}

export interface ListenPolicyInput {
  host: string;
  tlsCert?: string;
  tlsKey?: string;
  insecureHttp?: boolean;
}

export function checkListenPolicy(opts: ListenPolicyInput): { tls: boolean } {
  if ((opts.tlsCert === undefined) !== (opts.tlsKey === undefined)) {
    throw new UsageError(
      '--tls-cert and --tls-key go together',
      'give both files, or neither on loopback',
    );
  }
  const tls = opts.tlsCert !== undefined;
  if (!tls && !isLoopbackHost(opts.host) && opts.insecureHttp !== true) {
    throw new UsageError(
      `refusing plain HTTP on non-loopback address ${opts.host}`,
      'give --tls-cert and --tls-key, or --insecure-http if a TLS proxy fronts this server',
    );
  }
  return { tls };
}
