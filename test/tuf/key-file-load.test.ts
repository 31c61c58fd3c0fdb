// loadKeyFile (tuf/crypto/key-file.ts) refuses a key file it must not trust, with key_file_invalid
// naming the path: group- or world-readable, missing, or holding another role's key.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createKeyFile, KEY_ROLES, loadKeyFile } from '../../tuf/crypto/key-file.js';

const dir = mkdtempSync(join(tmpdir(), 'mesh-tuf-keyfile-'));
const [role, other] = KEY_ROLES;

const refused = (path: string, message: RegExp, expected?: (typeof KEY_ROLES)[number]) => {
  expect(() => loadKeyFile(path, expected)).toThrow(message);
  expect(() => loadKeyFile(path, expected)).toThrow(
    expect.objectContaining({ code: 'key_file_invalid' }) as Error,
  );
};

describe('loadKeyFile', () => {
  it('loads its own 0600 file, and refuses another role, wider modes and a missing file', () => {
    const path = join(dir, 'k.json');
    const made = createKeyFile(path, role);
    const loaded = loadKeyFile(path, role);
    expect(loaded.role).toBe(role);
    expect(Buffer.from(loaded.publicKey).toString('hex')).toBe(
      Buffer.from(made.publicKey).toString('hex'),
    );
    expect(loaded.publicKey).toHaveLength(32);
    refused(path, new RegExp(`holds a ${role} key, not ${other}`), other);
    chmodSync(path, 0o640);
    refused(path, /permissions are wider than 0600/);
    chmodSync(path, 0o604);
    refused(path, /permissions are wider than 0600/);
    refused(join(dir, 'missing.json'), /missing\.json: cannot read/);
  });

  it('creates a key whole at mode 0600, never overwrites one, and leaves no temporary file', () => {
    const sub = mkdtempSync(join(dir, 'create-'));
    const path = join(sub, 'node.key');
    createKeyFile(path, 'node');
    const before = readFileSync(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(() => createKeyFile(path, 'node')).toThrow(
      expect.objectContaining({ code: 'key_file_exists' }) as Error,
    );
    expect(readFileSync(path)).toEqual(before);
    expect(readdirSync(sub)).toEqual(['node.key']);
  });
});
