// SQL that sends data out of the database to an address the statement names (docs/guard.md "SQL"):
// mail and notifications sent by the server (Snowflake `SYSTEM$SEND_EMAIL`, SQL Server
// `sp_send_dbmail`), HTTP and socket calls from SQL (Oracle `UTL_HTTP`, `pgsql-http`, Supabase's
// `net.http_post`, ClickHouse's `url()`), links to other servers (`dblink`, `CREATE SERVER` of a
// foreign-data wrapper, `OPENDATASOURCE`), external functions, and exports to a bucket or URL
// (BigQuery `EXPORT DATA`, Redshift `UNLOAD`, `COPY INTO 's3://...'`). Read like the server escapes:
// lexically, each statement alone, with comments and quoted text blanked (a keyword inside a
// string never counts), so the addresses themselves are never read: any of them is held.

/** Each: the construct (keywords only) and its pattern over one blanked statement. */
export const SQL_EGRESS: readonly [RegExp, string][] = [
  [/\bSYSTEM\$SEND_(?:EMAIL|SNOWFLAKE_NOTIFICATION)\b/i, 'a mail sent by the server'],
  [/\b(?:sp_send_dbmail|xp_sendmail|UTL_SMTP|UTL_MAIL|APEX_MAIL)\b/i, 'a mail sent by the server'],
  [
    /\b(?:UTL_HTTP|UTL_TCP|UTL_INADDR|DBMS_LDAP|HTTPURITYPE|http_(?:get|post|put|patch|delete|head)|net\s*\.\s*http_(?:get|post|delete))\b/i,
    'an HTTP call from SQL',
  ],
  [/\bdblink(?:_exec|_connect(?:_u)?|_send_query)?\s*\(/i, 'a link to another server'],
  [/\bCREATE\s+SERVER\b/i, 'a link to another server'],
  [/\bOPENDATASOURCE\s*\(|\bOPENROWSET\s*\((?!\s*BULK\b)/i, 'a link to another server'],
  [/\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:SECURE\s+)?EXTERNAL\s+FUNCTION\b/i, 'an external function'],
  [/\bCREATE\s+(?:OR\s+REPLACE\s+)?API\s+INTEGRATION\b/i, 'an external function'],
  [/\bEXPORT\s+DATA\b/i, 'an export to a bucket'],
  [/^\s*UNLOAD\s*\(/i, 'an export to a bucket'],
  [
    /\bINSERT\s+INTO\s+FUNCTION\s+(?:url|s3|gcs|azureBlobStorage|remote|remoteSecure)\s*\(/i,
    'an export to a URL',
  ],
  [/\bFROM\s+(?:url|remote|remoteSecure)\s*\(/i, 'a link to another server'],
  // a quoted location (its text blanked) is an external one: a bucket or URL
  [/^\s*COPY\s+INTO\s+''/i, 'an export to a bucket'],
];

/** A word of every construct above, so one scan rules most statements out. */
const ANY_WORD =
  /send_|mail|smtp|http|utl_|ldap|dblink|server|opendatasource|openrowset|external|integration|export|unload|url|remote|copy|function/i;

/** The first construct of one blanked statement that sends data out, or null. */
export function sqlEgress(blanked: string): string | null {
  // one scan for a word every construct holds: most statements hold none and cost nothing more
  if (!ANY_WORD.test(blanked)) return null;
  for (const [re, what] of SQL_EGRESS) if (re.test(blanked)) return what;
  return null;
}
