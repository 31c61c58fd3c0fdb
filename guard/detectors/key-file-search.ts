// A search tool's file pattern that names key files (`id_rsa`, `*.pem`, `*.p12`, `*.jks`) and where it
// looks (docs/guard.md "Shell analysis"): across home or the system it hunts every key there is; in
// a project's test-data folder it finds the fixtures the tests sign with.
import { normalizePath } from '../sensitive-paths.js';

/** A key file's name or extension as one glob alternative: `id_ed25519`, `*.pem`, `{*.p12,...}`. */
const KEY_NAME =
  /(?:^|[/{,])(?:id_(?:rsa|dsa|ecdsa|ed25519)|[^/{},]*\.(?:pem|key|p12|pfx|jks|keystore|kdbx|ppk))(?=[},]|$)/;
/** Home, another user's home folder, the root, `/etc`: a search there is not the project's. */
const WIDE_ROOT = /^(?:~|\/|\/(?:home|Users|root|etc)(?:\/[^/]+)?)\/?$/;
/** A project's test-data folder: keys there are fixtures the test suite uses. */
const TEST_DATA =
  /(?:^|\/)(?:testdata|test-?data|fixtures?|__fixtures__|test\/certs?|tests\/certs?)(?:\/|$)/;

/** The literal folder a glob starts at: its segments before the first wildcard. */
function literalRoot(pattern: string): string {
  const segs = pattern.split('/');
  const at = segs.findIndex((s) => /[*?[{]/.test(s));
  return at < 0 ? pattern : segs.slice(0, at).join('/') || (pattern.startsWith('/') ? '/' : '');
}

/** Where the search starts: the pattern's own folder, else below the tool's `path`, else the cwd. */
function rootOf(pattern: string, args: Record<string, unknown>, cwd: string): string {
  const lit = literalRoot(pattern);
  if (lit.startsWith('/') || lit.startsWith('~')) return normalizePath(lit);
  const base = typeof args.path === 'string' ? args.path : cwd;
  return normalizePath(lit === '' ? base : `${base}/${lit}`);
}

/** True when `pattern` names key files and is searched across home or the system. */
export function keySearchAcrossHome(
  pattern: string,
  args: Record<string, unknown>,
  cwd = '',
): boolean {
  if (!KEY_NAME.test(pattern)) return false;
  const root = rootOf(pattern, args, cwd);
  return root !== '' && WIDE_ROOT.test(root);
}

/** True when `pattern` names key files only inside a project's test-data folder. */
export function keySearchInTestData(
  pattern: string,
  args: Record<string, unknown>,
  cwd = '',
): boolean {
  if (!KEY_NAME.test(pattern) || pattern.includes('..')) return false;
  const root = rootOf(pattern, args, cwd);
  return root !== '' && TEST_DATA.test(root) && !WIDE_ROOT.test(root) && !root.startsWith('~/.');
}
