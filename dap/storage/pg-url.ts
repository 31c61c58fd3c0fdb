// Parsing a `--store postgres://...` URL (libpq URI form, PostgreSQL 15 docs §34.1.1) for the client.
import type { Options, PostgresType } from 'postgres';
import { DapError } from '../errors.js';

export type PgOptions = Options<Record<string, PostgresType>>;

/** True for a URL naming a PostgreSQL store (anything else is a level directory). */
export const isPgUrl = (s: string): boolean => /^postgres(ql)?:\/\//i.test(s);

/** The URL without its password, for messages and `mesh doctor` (secrets never reach logs). */
export function redactPgUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparseable)';
  }
}

/**
 * Client options from the URL: `?host=/dir` names a Unix socket directory (the URL's host is then ignored), `?max=N` the pool size.
 *
 * @throws {DapError} storage_url_invalid
 */
export function pgOptions(url: string): { url: string; options: PgOptions } {
  let u: URL;
  try {
    u = new URL(url);
  } catch (e) {
    throw new DapError('storage_url_invalid', `--store is not a URL: ${redactPgUrl(url)}`, {
      cause: e,
      hint: 'use postgres://USER@HOST:PORT/DATABASE or postgres://USER@localhost/DATABASE?host=/socket/dir',
    });
  }
  if (!isPgUrl(url) || u.pathname.length <= 1)
    throw new DapError('storage_url_invalid', `--store names no database: ${redactPgUrl(url)}`, {
      hint: 'add the database name: postgres://USER@HOST/DATABASE',
    });
  const host = u.searchParams.get('host');
  const max = u.searchParams.get('max');
  if (max !== null && !/^[1-9][0-9]{0,3}$/.test(max))
    throw new DapError('storage_url_invalid', `--store ?max= must be a pool size 1..9999`);
  const options: PgOptions = {
    onnotice: () => undefined,
    connect_timeout: 10,
    ...(host ? { host } : {}),
  };
  // The client would send an unknown query parameter to the server as a setting.
  u.searchParams.delete('host');
  return { url: u.toString(), options };
}
