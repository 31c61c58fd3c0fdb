// SQL that database clients read from files (docs/guard.md "SQL"): `psql -f FILE`, `psql < FILE`,
// `mysql < FILE`, sqlite3's `.read FILE`. The text is the file the session's agent wrote earlier,
// else the file on disk (bounded read); either way it is read by guard/sql/ like inline SQL.
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { clientOf } from './intent-sql.js';
import { describeSqlEffect, sqlEffects } from '../sql/effects.js';

/** Largest SQL file read from disk or kept from a session's writes, in bytes. */
export const MAX_SQL_FILE = 1024 * 1024;
/** Most sessions, and most files per session, whose written SQL is kept. */
const MAX_SESSIONS = 256;
const MAX_FILES = 32;

/** Files one client command reads SQL from. */
export function sqlFileTargets(cmd: ShellCommand): string[] {
  if (clientOf(cmd) === undefined) return [];
  const out = cmd.redirects.filter((r) => r.op === '<').map((r) => r.target);
  cmd.argv.forEach((a, i) => {
    if (cmd.name === 'psql' && (a === '-f' || a === '--file')) out.push(cmd.argv[i + 1] ?? '');
    else if (cmd.name === 'psql' && a.startsWith('--file=')) out.push(a.slice(7));
    else if (cmd.name === 'psql' && /^-f./.test(a)) out.push(a.slice(2));
    const read = /^\s*\.read\s+(\S+)/.exec(a);
    if (cmd.name === 'sqlite3' && read?.[1] !== undefined) out.push(read[1]);
  });
  return out.filter((f) => f !== '' && f !== '-' && !f.startsWith('/dev/'));
}

/** SQL files an agent wrote in each session (Write/Edit of a `.sql` path), newest kept. */
export class SessionSqlFiles {
  private readonly bySession = new Map<string, Map<string, string>>();

  record(session: string | undefined, path: string, text: string): void {
    if (session === undefined || text.length > MAX_SQL_FILE) return;
    const files = this.bySession.get(session) ?? new Map<string, string>();
    files.delete(path);
    files.set(path, text);
    if (files.size > MAX_FILES) files.delete(files.keys().next().value ?? '');
    this.bySession.delete(session);
    this.bySession.set(session, files);
    if (this.bySession.size > MAX_SESSIONS)
      this.bySession.delete(this.bySession.keys().next().value ?? '');
  }

  get(session: string | undefined, path: string): string | undefined {
    return session === undefined ? undefined : this.bySession.get(session)?.get(path);
  }
}

/** A file's text when it is a regular file within the bound; anything else reads as no SQL. */
export function readSqlFile(path: string): string | undefined {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size > MAX_SQL_FILE) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

export function absoluteIn(cwd: string | undefined, path: string): string {
  // a working folder of another platform (`C:\src` on a POSIX guard) is no base here
  return isAbsolute(path)
    ? path
    : resolve(cwd !== undefined && isAbsolute(cwd) ? cwd : process.cwd(), path);
}

/**
 * The destructive statements in the files the analysis's clients read. The file text is
 * attacker-controlled (the agent wrote it): it goes to the bounded SQL reader only.
 */
export function sqlFileIntents(
  analysis: ShellAnalysis,
  read: (path: string) => string | undefined,
): IntentHit[] {
  const hits: IntentHit[] = [];
  for (const cmd of analysis.commands)
    for (const f of sqlFileTargets(cmd)) {
      const text = read(f);
      const e = text === undefined ? undefined : sqlEffects(text).effects[0];
      if (e !== undefined)
        hits.push({ intent: 'infra_destroy', detail: `${cmd.name} ${f}: ${describeSqlEffect(e)}` });
    }
  return hits;
}
