// Deletes of a home pattern written as one string with braces or wildcards, in any interpreter's
// code (docs/guard.md "Interpreter code"): `remove_tree(glob("~/{code,.gnupg}"))` in Perl,
// `FileUtils.rm_rf(Dir.glob(File.expand_path("~/{src,.ssh}")))` in Ruby, `rimraf.sync(`${os.homedir()}/{a,b}`)`
// in JavaScript. Each alternative the braces give is judged as its own path: one home folder, a
// credential or a start-up file among them makes the delete destructive.
import type { IntentHit } from '../shell/intents.js';
import { braces } from '../shell/expand.js';
import { isCatastrophicTarget, isCredentialPath, isPersistencePath } from '../sensitive-paths.js';

const MAX_CODE = 64 * 1024;
/** Home as code writes it at the start of a string: `~`, `$ENV{HOME}`, `#{Dir.home}`, `${os.homedir()}`. */
const HOME_PREFIX = String.raw`(?:~|\$ENV\{HOME\}|\$HOME|#\{(?:Dir\.home|ENV\[.HOME.\])\}|\$\{(?:(?:require\(.os.\)\.|os\.)homedir\(\)|process\.env\.HOME|HOME|home)\})`;
/** A quoted path under home, or an absolute one, holding a brace list or a wildcard. */
const PATTERN = new RegExp(
  String.raw`['"\x60]((?:${HOME_PREFIX})?/[^'"\x60\n]{0,200}[{*][^'"\x60\n]{0,200})['"\x60]`,
  'g',
);
const DELETES = String.raw`(?:remove_tree|rmtree|rm_rf|rm_r|remove_dir|remove_entry(?:_secure)?|unlink|rmSync|rmdirSync|\brm|RemoveAll|removeSync|rimraf(?:\.sync|Sync)?|deleteSync|del(?:\.sync)?)`;
const GLOBS = String.raw`(?:(?:glob\.i?glob|glob|Dir\.glob|Dir|glob\.sync|fg\.sync|globSync|File\.expand_path|os\.path\.expanduser)\s*[([]\s*){0,3}$`;
/**
 * A delete call the pattern is handed to, directly or through a glob (`rm_rf(Dir.glob(`, `unlink
 * glob(`), or a loop over the glob deleting each match (`[shutil.rmtree(p) for p in glob.glob(`).
 */
const DELETE_BEFORE = new RegExp(
  String.raw`${DELETES}\s*(?:\(?\s*|\(\s*\w+\s*(?:,[^()]{0,40})?\)\s*for\s+\w+\s+in\s+|\(?\s*\$_\s*\)?\s*(?:for|foreach)\s*\(?\s*)${GLOBS}`,
);
/** Perl's loop over the glob with the delete in its block: `for (glob("~/x/*")) { rmtree($_) }`. */
const LOOP_BEFORE = /\b(?:for|foreach)\s*(?:my\s+\$\w+\s*)?\(\s*glob\s*\(?\s*$/;
const DELETE_IN_BLOCK = new RegExp(String.raw`^['"\x60]\s*\)?\s*\)\s*\{[^{}]{0,60}?${DELETES}`);

// `/var/www/**/*`: every entry below an absolute folder that must survive. A site's own folder
// below it is not one (a deploy replaces what is inside), but a wildcard in its place is every site.
function everyEntryOf(p: string): boolean {
  if (!p.startsWith('/')) return false;
  const parts = p.split('/');
  const at = parts.findIndex((s) => /[*{]/.test(s));
  return (
    at > 1 &&
    /^(?:\*{1,2}|\.\*|\*\.\*)$/.test(parts[at] ?? '') &&
    isCatastrophicTarget(parts.slice(0, at).join('/'))
  );
}

function alternatives(path: string): string[] {
  const home = path.replace(new RegExp(`^${HOME_PREFIX}`), '~');
  return braces(home).map((p) => p.replace(/\/$/, ''));
}

export function globDeletes(interpreter: string, source: string): IntentHit[] {
  const code = source.slice(0, MAX_CODE);
  for (const m of code.matchAll(PATTERN)) {
    const before = code.slice(Math.max(0, m.index - 80), m.index);
    const looped =
      LOOP_BEFORE.test(before) &&
      DELETE_IN_BLOCK.test(code.slice(m.index + m[0].length - 1, m.index + m[0].length + 80));
    if (!DELETE_BEFORE.test(before) && !looped) continue;
    const hit = alternatives(m[1] ?? '').find(
      (p) =>
        isCatastrophicTarget(p) || isCredentialPath(p) || isPersistencePath(p) || everyEntryOf(p),
    );
    if (hit !== undefined)
      return [
        { intent: 'destructive_delete', detail: `${interpreter} deletes ${hit} (a pattern)` },
      ];
  }
  return [];
}
