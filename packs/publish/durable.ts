// Durable atomic writes for publish and subscription state, through tuf/'s temp+fsync+rename writer.
import { existsSync, rmSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { writeRepository } from '../../tuf/index.js';

export function writeDurable(path: string, data: Uint8Array | string): void {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  writeRepository(dirname(path), [{ path: basename(path), bytes }]);
}

export function removeIfExists(path: string): void {
  if (existsSync(path)) rmSync(path, { force: true });
}
