// `--secret-file` means the same in `mesh guard` and `mesh sensor`: one secret per non-empty,
// non-comment line, labelled FILE:LINE; an unreadable file or one without a secret is refused.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../node/errors.js';
import { readSecretLines } from '../../node/guard/secret-lines.js';

const dir = mkdtempSync(join(tmpdir(), 'mesh-secret-lines-'));

describe('readSecretLines', () => {
  it('reads each non-empty, non-comment line, trimmed, labelled by file and line', () => {
    const file = join(dir, 'keys');
    writeFileSync(file, '# api keys\nsk-one\r\n\n  sk-two  \n', { mode: 0o600 });
    expect(readSecretLines(file)).toEqual([
      { label: 'keys:2', value: 'sk-one' },
      { label: 'keys:4', value: 'sk-two' },
    ]);
  });

  it('refuses a file with no secret line, and one it cannot read', () => {
    const empty = join(dir, 'empty');
    writeFileSync(empty, '# nothing yet\n\n', { mode: 0o600 });
    expect(() => readSecretLines(empty)).toThrow(UsageError);
    expect(() => readSecretLines(join(dir, 'absent'))).toThrow(/cannot read --secret-file/);
  });
});
