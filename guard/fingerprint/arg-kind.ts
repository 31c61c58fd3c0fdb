// docs/campaigns.md "Fingerprints": the kind of one literal argument — a path class, a host class,
// an encoding, a number, a word — never the literal itself. The literal is attacker- or
// user-controlled text from a tool call; only the class computed here leaves this module.
import {
  isCatastrophicTarget,
  isCredentialPath,
  isPersistencePath,
  normalizePath,
} from '../sensitive-paths.js';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** loopback, metadata, private-ip, public-ip, internal (a private name), public. */
export function hostClass(host: string): string {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1' || h.startsWith('127.')) return 'loopback';
  if (h === '169.254.169.254' || h === 'metadata.google.internal' || h === 'fd00:ec2::254')
    return 'metadata';
  const m = IPV4.exec(h);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const priv = a === 10 || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168);
    return priv || a === 169 ? 'private-ip' : 'public-ip';
  }
  if (h.includes(':')) return 'ipv6';
  if (/\.(?:internal|local|lan|corp|home|intranet)$/.test(h) || !h.includes('.')) return 'internal';
  return 'public';
}

/** root, home, ssh, credential, persistence, system, tmp, proc, dev, abs, rel. */
export function pathClass(p: string): string {
  const n = normalizePath(p);
  if (n === '/' || /^\/\*?$/.test(n)) return 'root';
  if (isCredentialPath(n)) return /^~\/\.ssh/.test(n) ? 'ssh' : 'credential';
  if (isPersistencePath(n)) return 'persistence';
  if (/^~(?:\/\*?)?$/.test(n)) return 'home';
  if (/^\/(?:tmp|var\/tmp)(?:\/|$)/.test(n)) return 'tmp';
  if (/^\/proc(?:\/|$)/.test(n)) return 'proc';
  if (/^\/dev(?:\/|$)/.test(n)) return 'dev';
  if (isCatastrophicTarget(n)) return 'system';
  if (n.startsWith('~')) return 'home-file';
  return n.startsWith('/') ? 'abs' : 'rel';
}

const URL_RE = /^([a-z][a-z0-9+.-]{0,15}):\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i;
const HOST_RE = /^(?:[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * The kind of a literal argument, e.g. `url:https:public`, `path:ssh`, `host:metadata`,
 * `enc:base64`, `num`, `word`. Never returns any part of `s` except a URL scheme it recognises.
 */
export function argKind(s: string): string {
  if (s === '') return 'empty';
  const u = URL_RE.exec(s);
  if (u) {
    const scheme = (u[1] ?? '').toLowerCase();
    const known = ['http', 'https', 'ftp', 'ssh', 'git', 'file', 's3', 'gs', 'ws', 'wss'];
    return `url:${known.includes(scheme) ? scheme : 'other'}:${hostClass(u[2] ?? '')}`;
  }
  if (/^[^\s@/]+@[^\s@/]+$/.test(s)) return `user@host:${hostClass(s.split('@')[1] ?? '')}`;
  if (/^[\w.+-]+@[^\s@]+:/.test(s)) return `scp:${hostClass(s.split('@')[1]?.split(':')[0] ?? '')}`;
  if (/^[~/.]|^\$\{?HOME\b|\//.test(s)) return `path:${pathClass(s)}`;
  if (/^-?\d+(?:\.\d+)?$/.test(s)) return 'num';
  if (IPV4.test(s) || HOST_RE.test(s)) return `host:${hostClass(s)}`;
  if (/^[0-9a-f]{16,}$/i.test(s)) return 'enc:hex';
  if (/^[A-Za-z0-9+/_-]{16,}={0,2}$/.test(s) && /\d/.test(s) && /[A-Za-z]/.test(s))
    return 'enc:base64';
  if (/[*?[]/.test(s)) return 'glob';
  if (/\s/.test(s)) return 'text';
  return 'word';
}
