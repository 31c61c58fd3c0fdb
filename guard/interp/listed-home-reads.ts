// Credential files read from a literal list of names joined to home, in Python, JavaScript, Ruby,
// Perl and Go code (docs/guard.md "Interpreter code"): `for (const f of ['.npmrc', '.pypirc'])
// readFileSync(os.homedir() + '/' + f)`, `%w[.netrc .pgpass].each { |f| puts File.read(File.join(
// Dir.home, f)) }`. No single string names the file, so the list, the join and the read are read
// from the text by bounded regexes, as guard/interp/listed-deletes.ts reads deletes.
import type { IntentHit } from '../shell/intents.js';
import { isCredentialPath } from '../sensitive-paths.js';
import { MAX_CODE, homeAlternation, literalListWords } from './listed-deletes.js';

/** Calls that return or print a file's content. */
const READ =
  /\b(?:readFileSync|readFile|read_text|read_bytes|open|File\.(?:read|readlines|foreach|open)|IO\.(?:read|readlines)|ReadFile|read_to_string|slurp|Get-Content)\b\s*\(?|<\$?\w*>|\bcat\b/;

/** Home joined with a name that is not a literal: the name comes from the loop around it. */
function joinsHome(code: string, home: string): boolean {
  const h = `(?:${home})`;
  return new RegExp(
    [
      String.raw`(?:os\.path\.join|path\.join|path\.resolve|filepath\.Join|File\.join|Join-Path)\(\s*${h}\s*,\s*[\w$]`,
      String.raw`${h}\s*\+\s*(?:['"][/\\]['"]\s*\+\s*)?[\w$]`,
      String.raw`${h}\s*/\s*[\w$]`,
      String.raw`\$\{${h}\}[/\\]\$\{`,
      String.raw`\{${h}\}/\{`,
      String.raw`["']#\{${h}\}/#\{`,
      String.raw`\$\{?${h}\}?/\$`,
      String.raw`expanduser\(\s*(?:f['"]~/\{|['"]~/['"]\s*\+)`,
      String.raw`expand_path\(\s*(?:["']~/#\{|[\w$]+\s*,\s*['"]~['"])`,
    ].join('|'),
  ).test(code);
}

/** A credential file of home read by name from a literal list, as a hit, or none. */
export function listedHomeReads(interpreter: string, source: string): IntentHit[] {
  const code = source.slice(0, MAX_CODE);
  if (!READ.test(code) || !joinsHome(code, homeAlternation(code))) return [];
  const named = literalListWords(code).find((w) => isCredentialPath(`~/${w.replace(/^\/+/, '')}`));
  return named === undefined
    ? []
    : [{ intent: 'credential_read', detail: `${interpreter} reads ~/${named} from a list` }];
}
