// A search for credentials across home or the system (`grep -r "PRIVATE KEY" ~`, the Grep tool on
// /home/dev): it prints every key it finds, wherever it lies (docs/guard.md "Shell analysis").
import { normalizePath } from '../sensitive-paths.js';

/** Patterns that look for key material or a token format: a hunt wherever they are searched. */
const KEY_PATTERN =
  /PRIVATE[\s_-]?KEY|BEGIN[\s\S]{0,40}(?:RSA|OPENSSH|EC|DSA|PGP|ENCRYPTED)|AKIA|ASIA\[|aws_(?:secret_)?access_key|gh[pousr]_|github_pat|glpat|sk_live|sk-ant|sk-proj|xox[abposr]|npm_[A-Za-z[]|hf_[A-Za-z[]/i;
/** Secret words: a hunt across home or the settings folders, ordinary words among system files. */
const WORD_PATTERN = /passw(?:or)?d|secret|api[_-]?key|token|credential/i;

/** Home itself, its usual document and settings folders, the root, `/etc`, other users' homes. */
const HOME_ROOT =
  /^(?:~|~\/(?:\.config|Library|Documents|Downloads|Desktop|\.local)|\/|\/(?:etc|root|home|Users))\/?\*?$/;
/** Other system folders: searched for key material, not for words their files use for anything. */
const SYSTEM_ROOT = /^\/(?:var|opt|srv|mnt|media|Volumes|private|usr)\/?\*?$/;

/** True when `pattern`, searched below `roots`, hunts for credentials outside the project. */
export function huntsSecrets(pattern: string, roots: readonly string[]): boolean {
  const key = KEY_PATTERN.test(pattern);
  if (!key && !WORD_PATTERN.test(pattern)) return false;
  return roots.some((r) => {
    const n = normalizePath(r);
    return HOME_ROOT.test(n) || (key && SYSTEM_ROOT.test(n));
  });
}

const SEARCHERS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'ack-grep', 'ugrep']);
/** Options of the searchers that take a value (not the pattern, not a root). */
const VALUE_OPTS =
  /^(?:-[ABCmgtTdD]|--(?:max-count|glob|iglob|type|type-not|include|exclude|exclude-dir|context|before-context|after-context|max-depth|ignore-file|file|regexp))$/;

/** `grep -r PATTERN ROOT...`, `rg PATTERN ROOT` and `-e PATTERN`: the pattern and the roots. */
export function searchHuntsSecrets(name: string, argv: readonly string[]): boolean {
  if (!SEARCHERS.has(name)) return false;
  const patterns: string[] = [];
  const pos: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '-e' || a === '--regexp') patterns.push(argv[++i] ?? '');
    else if (VALUE_OPTS.test(a)) i++;
    else if (!a.startsWith('-') || a === '-') pos.push(a);
  }
  const all = patterns.length > 0 ? [...patterns] : pos.splice(0, 1);
  return all.some((p) => huntsSecrets(p, pos));
}
