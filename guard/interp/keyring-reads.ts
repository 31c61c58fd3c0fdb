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

/** Whether a resolved callee reads a stored password out of the keychain. */
export function keyringRead(callee: string): boolean {
  return LIBRARY_READ.test(callee);
}

/** go-keyring (`keyring.Get("svc", "user")`) and 99designs/keyring's `ring.Get(` after `keyring.Open`. */
const GO_READ = /\bkeyring\.Get\(\s*"|\bkeyring\.Open\([\s\S]{0,2000}\.Get\(/;

/** The keychain read by Go source, as a hit, or none. */
export function goKeyringReads(code: string): IntentHit[] {
  return GO_READ.test(code)
    ? [{ intent: 'credential_read', detail: 'go reads a password from the keychain' }]
    : [];
}
