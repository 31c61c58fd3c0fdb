// Deletes whose paths come from a listing or a literal list rather than one string, in Python,
// JavaScript, Ruby, Perl and Go code (docs/guard.md "Interpreter code"):
// `[shutil.rmtree(p) for p in glob.glob(os.path.expanduser('~/*'))]`, `for _, p := range
// filepath.Glob(filepath.Join(h, "*"))`, `%w[.ssh .aws].each { |d| rm_rf(File.join(Dir.home, d)) }`.
// Read from the text by bounded regexes: each loop form is an instance of "every entry of home (or
// root) removed" or "a list of credential folders of home removed".
import type { IntentHit } from '../shell/intents.js';
import { isCatastrophicTarget, isCredentialPath, isPersistencePath } from '../sensitive-paths.js';

/** At most this much code is read: attacker-controlled text. */
export const MAX_CODE = 64 * 1024;

/** Expressions that evaluate to the user's home folder. */
const HOME_EXPR = String.raw`(?:os\.path\.expanduser\(\s*['"]~/?['"]\s*\)|(?:pathlib\.)?Path\.home\(\)|(?:os|require\(\s*['"](?:node:)?os['"]\s*\))\.homedir\(\)|Dir\.home|File\.expand_path\(\s*['"]~['"]\s*\)|ENV\[\s*['"]HOME['"]\s*\]|os\.environ\[\s*['"]HOME['"]\s*\]|os\.(?:getenv|environ\.get)\(\s*['"]HOME['"]\s*\)|process\.env\.HOME|\$ENV\{HOME\}|os\.UserHomeDir\(\)|os\.Getenv\(\s*"HOME"\s*\))`;
/** `home = Path.home()`, `h, _ := os.UserHomeDir()`, `my $h = $ENV{HOME}`: names bound to home. */
const HOME_BINDING = new RegExp(
  String.raw`(?:\bmy\s+)?([$]?[A-Za-z_]\w*)\s*(?:,\s*_\s*)?(?::=|=(?![=~]))\s*${HOME_EXPR}`,
  'g',
);
/** Calls that delete what they are given. */
const DELETE = String.raw`(?:shutil\.rmtree|\brmtree|os\.(?:remove|unlink|RemoveAll)|fs\.(?:rmSync|rm|rmdirSync|promises\.rm)|\.rmSync|\.rmdirSync|rimraf(?:\.sync)?|\brm_rf|\brm_r|remove_dir|remove_tree|\.unlink)`;
/** A delete whose argument is not a literal: the path comes from the loop around it. */
const DELETE_OF_VALUE = new RegExp(String.raw`${DELETE}\s*\(?\s*(?!['"])[\w$]`);

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Home as the code writes it: the expression itself or a name bound to it. */
export function homeAlternation(code: string): string {
  const names = [...code.matchAll(HOME_BINDING)].slice(0, 16).map((m) => escape(m[1] ?? ''));
  return [HOME_EXPR, ...names.filter((n) => n !== '').map((n) => `${n}(?![\\w.])`)].join('|');
}

/** A listing of every entry of home or of the root folder. */
function listsHome(code: string, home: string): boolean {
  const h = `(?:${home})`;
  const listing = new RegExp(
    [
      String.raw`expanduser\(\s*['"]~/(?:\.?\*|\{)`,
      String.raw`\bglob(?:\.glob|\.sync|\.iglob)?\(\s*['"]/\*`,
      String.raw`(?:listdir|scandir|readdirSync|readdir|ReadDir|children|entries|each_child|glob|opendir)\(\s*(?:[\w$]+\s*,\s*)?${h}\s*\)`,
      String.raw`(?:listdir|scandir|readdirSync|readdir|ReadDir|children|entries)\(\s*['"]/['"]`,
      String.raw`${h}\.(?:iterdir|glob|rglob)\(`,
      String.raw`(?:Glob|glob|Dir\[)\(?\s*(?:os\.path\.join|path\.join|filepath\.Join|File\.join)\(\s*${h}\s*,\s*['"]\*`,
      String.raw`(?:glob\(\s*|<)\s*["']?\$ENV\{HOME\}/\*`,
      String.raw`["']#\{${h}\}/\*`,
    ].join('|'),
  );
  return listing.test(code);
}

/** A listing of an absolute folder: `os.listdir('/var/www')`, `readdirSync("/srv")`, `globSync('/etc/*')`. */
const ABSOLUTE_LISTING =
  /(?:listdir|scandir|readdirSync|readdir|ReadDir|children|entries|each_child|opendir|globSync|glob\.sync|glob\.i?glob|glob|Dir\.glob)\(\s*['"](\/[^'"\n]{0,120})['"]\s*\)|Path\(\s*['"](\/[^'"\n]{0,120})['"]\s*\)\.(?:iterdir|r?glob)\(/g;

/**
 * The system or server folder (`/var/www`, `/srv`, `/etc`) whose every entry the code lists, when
 * it also deletes a value: each entry goes. A site's own folder (`/var/www/shop`) is not one.
 */
function listedSystemFolder(code: string): string | null {
  if (!code.includes("('/") && !code.includes('("/')) return null;
  for (const m of code.matchAll(ABSOLUTE_LISTING)) {
    const dir = (m[1] ?? m[2] ?? '').replace(/\/\*{1,2}$/, '');
    if (!/[*{]/.test(dir) && dir.length > 1 && isCatastrophicTarget(dir)) return dir;
  }
  return null;
}

/** A delete of home joined with a name (`File.join(Dir.home, d)`, `os.path.join(home, d)`, `f'~/{d}'`). */
function deletesHomeJoin(code: string, home: string): boolean {
  const h = `(?:${home})`;
  return new RegExp(
    String.raw`${DELETE}\s*\(?\s*(?:(?:os\.path\.join|path\.join|filepath\.Join|File\.join|path\.resolve)\(\s*${h}\s*,\s*[\w$]|os\.path\.expanduser\(\s*f['"]~/\{|["']#\{${h}\}/#\{|\$\{?${h}\}?/\$|${h}\s*/\s*[\w$])`,
  ).test(code);
}

/** Words of literal lists: `%w[.ssh .aws]`, `qw(.ssh .aws)`, `['.ssh', '.aws']`, `(".ssh", ".aws")`. */
export function literalListWords(code: string): string[] {
  const words: string[] = [];
  const lists =
    /%w[[(]([^\])]{1,400})[\])]|qw\s*[([]([^)\]]{1,400})[)\]]|[[({]\s*((?:['"][^'"\n]{1,80}['"]\s*,\s*){1,30}['"][^'"\n]{1,80}['"])\s*,?\s*[\])}]/g;
  for (const m of code.matchAll(lists)) {
    const body = m[1] ?? m[2] ?? m[3] ?? '';
    const parts =
      m[3] === undefined
        ? body.split(/\s+/)
        : [...body.matchAll(/['"]([^'"]+)['"]/g)].map((x) => x[1] ?? '');
    words.push(...parts.filter((p) => p !== ''));
    if (words.length > 256) break;
  }
  return words;
}

export function listedDeletes(interpreter: string, source: string): IntentHit[] {
  const code = source.slice(0, MAX_CODE);
  if (!DELETE_OF_VALUE.test(code)) return [];
  const home = homeAlternation(code);
  if (listsHome(code, home))
    return [
      {
        intent: 'destructive_delete',
        detail: `${interpreter} deletes every entry it lists of home`,
      },
    ];
  const system = listedSystemFolder(code);
  if (system !== null)
    return [
      {
        intent: 'destructive_delete',
        detail: `${interpreter} deletes every entry it lists of ${system}`,
      },
    ];
  if (deletesHomeJoin(code, home)) {
    const named = literalListWords(code).find(
      (w) => isCredentialPath(`~/${w}`) || isPersistencePath(`~/${w}`),
    );
    if (named !== undefined)
      return [
        { intent: 'destructive_delete', detail: `${interpreter} deletes ~/${named} from a list` },
      ];
  }
  return [];
}
