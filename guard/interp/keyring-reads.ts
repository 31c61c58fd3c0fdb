// The OS keychain read from code (docs/guard.md "Interpreter code"): Python keyring, Node keytar and
// Go's go-keyring hand the stored password to the program, which the agent then prints or sends.
import type { IntentHit } from '../shell/intents.js';

/**
 * Python `keyring.get_password`/`get_credential` (and `keyring.core.*`), Node `keytar.getPassword`,
 * `findPassword`, `findCredentials`, by the name the imports resolve; writing a password
 * (`set_password`) or asking which backend is in use (`get_keyring`) reads none.
 */
const LIBRARY_READ =
  /^(?:keyring(?:\.core)?\.(?:get_password|get_credential)|keytar(?:\.default)?\.(?:getPassword|findPassword|findCredentials))$/;

/**
 * Libraries whose one job is to decrypt a browser's cookie jar or saved logins with the key the OS
 * keeps for it: Python browser_cookie3 (and browsercookie, rookiepy) by any browser function,
 * pycookiecheat's `*_cookies`, Node chrome-cookies-secure. Their error classes read nothing.
 */
const BROWSER_STORE_READ =
  /^(?:(?:browser_?cookie3?|rookiepy)\.(?!\w*(?:Error|Exception)$)\w+|pycookiecheat(?:\.\w+)?\.\w+_cookies|chrome-cookies-secure\.getCookies\w*)$/;

/** Whether a resolved callee reads a stored password out of the keychain or a browser's store. */
export function keyringRead(callee: string): boolean {
  // every callee goes through here: a library's name is tested only when its first letters match
  const c = callee.charCodeAt(0);
  return (
    LIBRARY_READ.test(callee) ||
    ((c === 98 || c === 114 || c === 112 || c === 99) && BROWSER_STORE_READ.test(callee))
  );
}

/** go-keyring (`keyring.Get("svc", "user")`) and 99designs/keyring's `ring.Get(` after `keyring.Open`. */
const GO_READ = /\bkeyring\.Get\(\s*"|\bkeyring\.Open\([\s\S]{0,2000}\.Get\(/;

/** The keychain read by Go source, as a hit, or none. */
export function goKeyringReads(code: string): IntentHit[] {
  return GO_READ.test(code)
    ? [{ intent: 'credential_read', detail: 'go reads a password from the keychain' }]
    : [];
}
