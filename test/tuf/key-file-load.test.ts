// loadKeyFile (tuf/crypto/key-file.ts) refuses a key file it must not trust, with key_file_invalid
// naming the path: group- or world-readable, missing, or holding another role's key.
import { chmodSync, mkdtempSync } from 'node:fs';
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
});
