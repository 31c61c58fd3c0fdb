// Credential files read by a path written as one string literal in Ruby, Perl, PHP and Elixir code
// (docs/guard.md "Interpreter code"): `File.read("fastlane/.env.default")`, `open(my $f, '<',
// '.env')`, `file_get_contents('.env')`, `File.read!("config/.env.prod")`. Python and JavaScript
// reads are resolved by their grammars (guard/interp/code-effects.ts); these languages have none
// here, so each read call is matched with its literal first path by one bounded regex.
import type { IntentHit } from '../shell/intents.js';
import { isCredentialPath, normalizePath } from '../sensitive-paths.js';

const MAX_CODE = 64 * 1024;
/** A quoted path without interpolation (`#{`, `$var` inside "..." are run-time names). */
const PATH = String.raw`(?:'([^'\n]{1,256})'|"([^"\n#$]{1,256})"|~c"([^"\n#]{1,256})")`;

/** Each language's read calls, the path their first (Perl `open`: last literal) argument names. */
const READS: Readonly<Record<string, RegExp>> = {
  ruby: new RegExp(
    String.raw`\b(?:File\.(?:read|readlines|foreach|open|binread|new)|IO\.(?:read|readlines|foreach|binread)|YAML\.(?:load_file|safe_load_file)|JSON\.load_file|Dotenv\.(?:load|parse)|Pathname(?:\.new)?)\s*\(?\s*${PATH}`,
    'g',
  ),
  perl: new RegExp(
    String.raw`\b(?:open\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*(?:['"][<+]{1,2}['"]\s*,\s*)?|read_file\s*\(?\s*|slurp\s*\(?\s*|path\s*\(\s*)${PATH}`,
    'g',
  ),
  php: new RegExp(
    String.raw`\b(?:file_get_contents|file|fopen|readfile|parse_ini_file|parse_ini_string|SplFileObject|highlight_file|show_source)\s*\(\s*${PATH}`,
    'gi',
  ),
  elixir: new RegExp(
    String.raw`(?:\bFile\.(?:read!?|stream!|open!?|lines!?)|:file\.(?:read_file|consult|open)|\bDotenvy\.source!?|\bYamlElixir\.read_from_file!?|\bConfig\.Reader\.read!?)\s*\(?\s*\[?\s*${PATH}`,
    'g',
  ),
};

/** A literal credential path a Ruby, Perl, PHP or Elixir read call names, as hits; none otherwise. */
export function literalReads(interpreter: string, source: string): IntentHit[] {
  const re = READS[interpreter];
  if (re === undefined) return [];
  // attacker-controlled code: one bounded regex over at most 64 KiB
  const code = source.length > MAX_CODE ? source.slice(0, MAX_CODE) : source;
  const hits: IntentHit[] = [];
  for (const m of code.matchAll(re)) {
    // Perl's two-argument `open(F, "<.env")` writes the mode before the path
    const path = (m[1] ?? m[2] ?? m[3] ?? '').replace(/^[<+]{1,2}\s*/, '');
    if (!isCredentialPath(path)) continue;
    hits.push({ intent: 'credential_read', detail: `${interpreter} reads ${normalizePath(path)}` });
    if (hits.length >= 8) break;
  }
  return hits;
}
