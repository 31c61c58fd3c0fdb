// SQL handed to a database client that acts on the server's host (docs/guard.md "SQL"): the command
// `COPY ... TO PROGRAM` runs is an upload to the hosts it names, and any escape is escalated as
// infrastructure the agent reaches beyond its tables.
import type { IntentHit } from './intents.js';
import { copyPrograms, sqlEscapes } from '../sql/server-escapes.js';
import { inProcessCopy } from './embedded-copy-files.js';

const URL_HOST = /\b(?:https?|ftp|wss?):\/\/([A-Za-z0-9.-]+)/gi;

/** The intents of `sql` run by `client`, or none when it stays inside the database. */
export function sqlEscapeHits(client: string, sql: string): IntentHit[] {
  const escapes = sqlEscapes(sql).filter((e) => !inProcessCopy(client, e.what, sql));
  if (escapes.length === 0) return [];
  const hits: IntentHit[] = escapes.map((e) => ({
    intent: 'infra_destroy',
    detail: `${client}: ${e.what} reaches outside the database`,
  }));
  const hosts = copyPrograms(sql).flatMap((p) =>
    [...p.matchAll(URL_HOST)].map((m) => (m[1] ?? '').toLowerCase()),
  );
  if (hosts.length > 0)
    hits.push({ intent: 'upload', detail: `${client}: COPY ... PROGRAM sends rows`, hosts });
  return hits;
}
