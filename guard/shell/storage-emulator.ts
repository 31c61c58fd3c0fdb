// A storage CLI pointed at a local emulator (Azurite's `UseDevelopmentStorage=true`, LocalStack's
// or MinIO's `--endpoint-url http://localhost:4566`, `awslocal`) writes to the developer's own
// machine: the upload's host is that loopback address, not the cloud (docs/guard.md "Egress").
import type { ShellCommand } from './model.js';

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The host of an `http(s)://host[:port]/...` URL when it is a loopback address, else null. */
function loopbackOf(url: string): string | null {
  const host = /^https?:\/\/(\[[0-9a-f:.]+\]|[^/:?#\s]+)(?::\d{1,5})?(?:[/?#]|$)/i.exec(url)?.[1];
  return host !== undefined && LOOPBACK.test(host) ? host.toLowerCase() : null;
}

/** The value of option `name` (`--name value` or `--name=value`), the last one given. */
function option(argv: readonly string[], name: string): string | undefined {
  let out: string | undefined;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === name) out = argv[i + 1];
    else if (a.startsWith(`${name}=`)) out = a.slice(name.length + 1);
  }
  return out;
}

/**
 * An Azure connection string that stays local: the development shortcut alone, or every
 * `*Endpoint=` in it a loopback URL.
 */
function localConnection(conn: string): string | null {
  if (/^\s*UseDevelopmentStorage=true\s*;?\s*$/i.test(conn)) return '127.0.0.1';
  const endpoints = [...conn.matchAll(/(?:^|;)\s*\w*Endpoint=([^;]*)/gi)].map((m) => m[1] ?? '');
  const hosts = endpoints.map(loopbackOf);
  return hosts.length > 0 && hosts.every((h) => h !== null) ? (hosts[0] ?? null) : null;
}

/**
 * The loopback host a storage command writes to when it is pointed at a local emulator, else
 * null. Every endpoint the command names must be local; this value is attacker-controlled.
 */
export function emulatorHost(cmd: ShellCommand): string | null {
  if (cmd.name === 'awslocal') return 'localhost';
  if (cmd.name === 'aws') {
    const url = option(cmd.argv, '--endpoint-url');
    return url === undefined ? null : loopbackOf(url);
  }
  if (cmd.name === 'az') {
    const conn = option(cmd.argv, '--connection-string');
    const blob = option(cmd.argv, '--blob-endpoint');
    const fromConn = conn === undefined ? null : localConnection(conn);
    const fromBlob = blob === undefined ? null : loopbackOf(blob);
    if ((conn !== undefined && fromConn === null) || (blob !== undefined && fromBlob === null))
      return null;
    return fromConn ?? fromBlob;
  }
  return null;
}
