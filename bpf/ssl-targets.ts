// Binaries whose SSL_write the uprobe covers: this node (OpenSSL linked in) and system libssl.
import { existsSync, readFileSync, realpathSync } from 'node:fs';

const LIBSSL = [
  '/lib/x86_64-linux-gnu/libssl.so.3',
  '/usr/lib/x86_64-linux-gnu/libssl.so.3',
  '/lib/aarch64-linux-gnu/libssl.so.3',
  '/usr/lib/aarch64-linux-gnu/libssl.so.3',
  '/usr/lib64/libssl.so.3',
  '/lib/x86_64-linux-gnu/libssl.so.1.1',
];

/** True when the ELF exports SSL_write: a cheap scan of its bytes before asking the kernel. */
function exportsSslWrite(path: string): boolean {
  try {
    return readFileSync(path).includes('SSL_write\0');
  } catch {
    return false;
  }
}

export function sslTargets(nodeBinary: string = process.execPath): string[] {
  const out: string[] = [];
  if (exportsSslWrite(nodeBinary)) out.push(nodeBinary);
  const seen = new Set<string>();
  for (const p of LIBSSL) {
    if (!existsSync(p)) continue;
    const key = realpathSync(p);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}
