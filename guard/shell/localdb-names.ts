// SQL Server LocalDB instances are named `(localdb)\NAME` (`sqlcmd -S (localdb)\MSSQLLocalDB`,
// `sqllocaldb`, `dotnet ef ... --connection`), written unquoted on a Windows shell tool where cmd
// reads the parentheses as text. bash's grammar refuses them, so such a word is read as the one
// literal word it is; only the exact `(localdb)` prefix is, so no command inside parentheses is
// hidden (docs/guard.md "Shell analysis").

/** An unquoted LocalDB instance name starting a word or an option's value. */
const LOCALDB_WORD = /(^|[\s=:])(\(localdb\)(?:\\[\w.$-]*)?)(?=[\s;&|]|$)/gi;

/** `source` with each unquoted LocalDB instance name quoted, or null when it names none. */
export function localdbQuoted(source: string): string | null {
  if (!source.toLowerCase().includes('(localdb)')) return null;
  const out = source.replace(LOCALDB_WORD, "$1'$2'");
  return out === source ? null : out;
}
