// Build tools and package managers told to print the credentials kept in their settings (docs/guard.md
// "Shell analysis"): Maven's effective settings with `-DshowPasswords=true`, a registry's auth token
// read back from npm, pnpm or Yarn configuration, GitLab's CLI showing its token. The same commands
// without those words print masked or non-secret values and stay a developer's check.
import type { ShellCommand } from './model.js';

/** Registry credential keys: `//registry.npmjs.org/:_authToken`, `_auth`, `_password`, `npmAuthToken`, `npmAuthIdent`. */
const AUTH_KEY =
  /(?:^|[:._-])(?:_?authToken|_auth|_password|npmAuth(?:Token|Ident)|password|token)$/i;
const SHOW_PASSWORDS = /^(?:-D)?showPasswords=(?:true|1|yes|on)$/i;

/** What prints a stored credential here, for the decision's reason, or null. */
export function toolConfigSecretRead(cmd: ShellCommand): string | null {
  const { argv, name } = cmd;
  // the program name alone first: every command that names no other CLI passes through here
  switch (name) {
    case 'mvn':
    case 'mvnw':
    case 'mvnd':
    case 'mvn.cmd':
    case 'mvnw.cmd':
      // `-D showPasswords=true` as two words too; plugin name left free (`help:effective-settings`,
      // `org.apache.maven.plugins:maven-help-plugin:3.4.0:effective-settings`)
      return argv.some((a) => SHOW_PASSWORDS.test(a)) &&
        argv.some((a) => a.endsWith(':effective-settings'))
        ? 'maven prints its settings with passwords'
        : null;
    case 'npm':
    case 'pnpm':
    case 'yarn':
    case 'npm.cmd':
    case 'pnpm.cmd':
    case 'yarn.cmd':
      return argv[1] === 'config' &&
        argv[2] === 'get' &&
        argv.slice(3).some((a) => !a.startsWith('-') && AUTH_KEY.test(a))
        ? `${name} prints a registry token`
        : null;
    case 'glab':
    case 'glab.exe':
      return argv[1] === 'auth' &&
        argv[2] === 'status' &&
        argv.some((a) => a === '-t' || a === '--show-token')
        ? 'glab shows its token'
        : null;
    default:
      return null;
  }
}
