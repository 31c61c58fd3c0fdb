// Ruby's ways of naming a file under home (`File.join(Dir.home, ".pypirc")`, `"#{Dir.home}/.npmrc"`,
// `File.expand_path("~/.gem/credentials")`), read as the portable `~/...` path, for the reads of
// credential files and the deletes of home folders (docs/guard.md "Interpreter code").
import { isCatastrophicTarget, isCredentialPath, isPersistencePath } from '../sensitive-paths.js';
import type { IntentHit } from '../shell/intents.js';

const HOME_EXPR = String.raw`(?:Dir\.home|ENV\[['"]HOME['"]\]|ENV\.fetch\(['"]HOME['"]\))`;
const STR = String.raw`['"]([^'"#]{0,200})['"]`;
/** A path under home: joined, interpolated, expanded from `~`, or concatenated. */
const HOME_PATH = new RegExp(
  [
    String.raw`File\.join\s*\(\s*${HOME_EXPR}((?:\s*,\s*['"][^'"#]{0,200}['"]){0,8})\s*\)`,
    String.raw`"#\{${HOME_EXPR}\}(/[^"#]{0,200})"`,
    String.raw`File\.expand_path\s*\(\s*['"](~/[^'"#]{0,200})['"]`,
    String.raw`${HOME_EXPR}\s*\+\s*${STR}`,
  ].join('|'),
  'g',
);
const READ_CALL =
  /\b(?:File\.(?:read|readlines|foreach|open|binread)|IO\.(?:read|readlines|foreach)|YAML\.load_file|JSON\.load_file)\s*\(?\s*$/;
/** A delete of the path itself or of what a glob of it matches (`rm_rf(Dir.glob(...))`, `rm_r Dir[...]`). */
const DELETE_CALL =
  /\b(?:rm_rf|rm_r|remove_dir|remove_entry(?:_secure)?|rm)\s*\(?\s*(?:Dir(?:\.glob\s*\(|\s*\[)\s*)?$/;

function homePath(m: RegExpMatchArray): string {
  if (m[1] !== undefined) {
    const parts = [...m[1].matchAll(/['"]([^'"]*)['"]/g)].map((p) => p[1] ?? '');
    return ['~', ...parts].join('/').replace(/\/+/g, '/');
  }
  const rest = m[2] ?? m[3]?.slice(1) ?? m[4] ?? '';
  return `~/${rest.replace(/^\/+/, '')}`.replace(/\/$/, '') || '~';
}

/**
 * Reads of credential files and deletes of home folders named through Ruby's home expressions.
 * This code is attacker-controlled: bounded regexes over at most 64 KiB.
 */
export function rubyHomeEffects(code: string): IntentHit[] {
  const hits: IntentHit[] = [];
  const text = code.slice(0, 64 * 1024);
  for (const m of text.matchAll(HOME_PATH)) {
    const path = homePath(m).replace(/\/$/, '');
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    if (READ_CALL.test(before) && isCredentialPath(path))
      hits.push({ intent: 'credential_read', detail: `ruby reads ${path}` });
    if (
      DELETE_CALL.test(before) &&
      (path === '~' || isCatastrophicTarget(path) || isPersistencePath(path))
    )
      hits.push({ intent: 'destructive_delete', detail: `ruby deletes ${path}` });
  }
  return hits;
}
