// `--store postgres://...` (libpq URI form, PostgreSQL 15 docs §34.1.1): every malformed URL is
// refused with storage_url_invalid and a hint, the password never reaches a message, and
// `mesh dap migrate`'s service gives storage_unavailable after its retries when nothing listens.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { migrateStore } from '../../dap/storage/migrate-store.js';
import { isPgUrl, pgOptions, redactPgUrl } from '../../dap/storage/pg-url.js';
import { FC_RUNS } from '../support/env.js';
import { freePort } from '../support/ports.js';

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as { code: string; message: string; hint?: string };
  }
  return undefined;
};

describe('pgOptions and redactPgUrl', () => {
  it('refuses what names no database, is no URL, or has a bad pool size', () => {
    for (const url of [
      'postgres://mesh:pw@db',
      'postgres://mesh:pw@db/',
      'mysql://mesh:pw@db/x',
      'postgres://mesh:pw@db/x?max=0',
      'postgres://mesh:pw@db/x?max=99999',
      'postgres://mesh:pw@[::1/x',
    ]) {
      const e = refusal(() => pgOptions(url));
      expect(e?.code).toBe('storage_url_invalid');
      expect(e?.message).not.toContain(':pw@');
    }
    expect(refusal(() => pgOptions('postgres://u@h'))?.hint).toContain('database name');
    expect(refusal(() => pgOptions('postgres://u@[::1/x'))?.hint).toContain('postgres://USER@');
  });

  it('takes ?host= as the socket folder, keeps ?max=, and sends neither host nor password on', () => {
    const o = pgOptions('postgresql://mesh@localhost/dap?host=/run/pg&max=4');
    expect(o.options.host).toBe('/run/pg');
    expect(o.url).not.toContain('host=');
    expect(o.url).toContain('max=4');
    expect(pgOptions('postgres://mesh@db:5433/dap').options.host).toBeUndefined();
    expect(isPgUrl('POSTGRES://x/y')).toBe(true);
    expect(isPgUrl('/var/lib/mesh')).toBe(false);
    expect(redactPgUrl('postgres://u@[::1')).toBe('postgres://(unparseable)');
    expect(redactPgUrl('postgres://u@h/d')).toBe('postgres://u@h/d');
  });

  it('never shows the password (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{6,24}$/), (secret) => {
        const pw = `Pw${secret}`;
        const url = `postgres://mesh:${pw}@db.internal:5432/dap`;
        expect(redactPgUrl(url)).toBe('postgres://mesh:***@db.internal:5432/dap');
        expect(redactPgUrl(url)).not.toContain(pw);
      }),
      { numRuns: FC_RUNS },
    );
  });
});

describe('migrateStore', () => {
  it('refuses a level path with a hint', async () => {
    await expect(migrateStore('/var/lib/mesh/dap')).rejects.toMatchObject({
      code: 'storage_url_invalid',
      hint: expect.stringContaining('level store needs no migration') as unknown,
    });
  });

  it('gives storage_unavailable once its retries are spent, without the password', async () => {
    const url = `postgres://mesh:SecretPw1@127.0.0.1:${await freePort()}/dap`;
    const e = (await migrateStore(url).catch((x: unknown) => x)) as Error & { code: string };
    expect(e.code).toBe('storage_unavailable');
    expect(e.message).not.toContain('SecretPw1');
  }, 60_000);
});
