// The log key is a secret (docs/log.md "Keys"): `mesh publish` refuses a log.key that group or others
// may read, in either format, and publishes once it is 0600 again; through the real CLI.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatSkey } from '../../../log/index.js';
import { PublishKeys } from '../../../packs/index.js';
import { DEMO, expectOk, maintainer, meshJson, writePack } from '../../e2e/publish-subscribe.js';

describe('the log key file mode', () => {
  it('mesh publish refuses a log.key wider than 0600, naming the fix, and publishes at 0600', async () => {
    const work = mkdtempSync(join(tmpdir(), 'mesh-logkey-'));
    const m = await maintainer(work);
    const pack = writePack(m, 'pack.json');
    const logKey = join(m.keys, 'log.key');
    chmodSync(logKey, 0o644);
    const args = ['publish', pack, '--repo', m.repo, '--keys', m.keys, ...DEMO];
    const refused = await meshJson(args, { strict: true, timeoutMs: 60_000 });
    expect(refused.code).toBe(1);
    const error = refused.json.error as { code: string; message: string; hint?: string };
    expect(error.code).toBe('secret_file_exposed');
    expect(error.message).toContain('log key');
    expect(error.hint).toBe(`run: chmod 600 ${logKey}`);
    chmodSync(logKey, 0o600);
    expectOk(await meshJson(args, { strict: true, timeoutMs: 60_000 }));
  }, 180_000);

  it('refuses a PRIVATE+KEY signed-note log key readable by the group', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mesh-logkey-note-'));
    const file = join(dir, 'log.key');
    writeFileSync(file, formatSkey('example.org/log', randomBytes(32)), { mode: 0o640 });
    chmodSync(file, 0o640);
    const keys = new PublishKeys(dir);
    expect(() => keys.logSigner('example.org/log')).toThrow(/readable by other users/);
    chmodSync(file, 0o600);
    expect(keys.logSigner('example.org/log').name).toBe('example.org/log');
  });
});
