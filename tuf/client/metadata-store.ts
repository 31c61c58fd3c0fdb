// Where a TUF 1.0.34 §5 client keeps trusted metadata: <dir>/<quoted role>.json, written atomically.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeFileDurably, writeFileAtomic } from '../atomic-file.js';

/** Percent-encodes every byte but [A-Za-z0-9_.~-], as python-tuf does for file names and URLs. */
export function quoteName(name: string): string {
  let out = '';
  for (const b of new TextEncoder().encode(name)) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9_.~-]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export class MetadataStore {
  constructor(readonly dir: string) {}

  path(role: string): string {
    return join(this.dir, `${quoteName(role)}.json`);
  }

  /** The stored bytes, or undefined when there are none. */
  read(role: string): Uint8Array | undefined {
    try {
      return readFileSync(this.path(role));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  write(role: string, bytes: Uint8Array): void {
    writeFileAtomic(this.path(role), bytes);
  }

  remove(role: string): void {
    removeFileDurably(this.path(role));
  }
}
