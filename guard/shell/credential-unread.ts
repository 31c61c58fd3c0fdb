// Words of a command that name a credential file it does not print: a key or certificate it
// generates (`openssl req -keyout`, `mkcert -key-file`), a keystore it lists the public
// certificates of (`keytool -list`), an env file edited in place (`sed -i 's/^KEY=.*/KEY=/'`),
// pulled into the project (`vercel env pull .env.local`), handed to a child's environment
// (`op run --env-file`) or stored as a cluster's or GitHub's secrets (docs/guard.md
// "Credential routing").
import type { ShellCommand } from './model.js';
import { isCredentialPath } from '../sensitive-paths.js';
import { certificatePrinted } from './certificate-prints.js';

/** Options whose value is a file the program writes. */
const WRITTEN: Record<string, ReadonlySet<string>> = {
  openssl: new Set(['-out', '-keyout']),
  mkcert: new Set(['-cert-file', '-key-file', '-p12-file']),
};

/** keytool modes that print certificates and fingerprints, never a private key (keytool(1)). */
const KEYTOOL_PUBLIC = /^-(?:list|printcert|exportcert|export|printcertreq)$/;

/** A sed script that only rewrites lines in place: `s/re/text/[gI]`, `/re/d`, `Nd`. */
const SED_EDIT = /^(?:s([^\w\s\\])(?:(?!\1).)*\1(?:(?!\1).)*\1[gIi0-9]*|\/[^/]*\/d|\d+d)$/;

function sedInPlace(argv: readonly string[]): boolean {
  const args = argv.slice(1);
  if (!args.some((a) => /^-[a-zA-Z]*i/.test(a) || a.startsWith('--in-place'))) return false;
  if (args.some((a) => /^-[a-zA-Z]*n/.test(a) || a === '--quiet' || a === '--silent')) return false;
  const scripts: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-e' || args[i] === '--expression') scripts.push(args[++i] ?? '');
  }
  if (scripts.length === 0) scripts.push(args.find((a) => !a.startsWith('-')) ?? '');
  return scripts.every((s) => s.split(';').every((p) => SED_EDIT.test(p.trim())));
}

/** A project file: relative, not climbing out. */
function inProject(path: string): boolean {
  return !/^[~/$]/.test(path) && !/(?:^|\/)\.\.(?:\/|$)/.test(path);
}

/** Programs whose output shows what they are given: a child that would print the environment. */
const PRINTING_CHILD =
  /^(?:env|printenv|set|export|declare|echo|printf|cat|tee|sh|bash|zsh|dash|fish|curl|wget|nc|ncat|python3?|node|ruby|perl|php)$/;

/** `op run --env-file F -- CHILD`, `dotenv -e F -- CHILD`, `dotenvx run -f F -- CHILD`. */
function envForChild(argv: readonly string[]): boolean {
  const [prog, sub] = argv;
  const runner =
    (prog === 'op' && sub === 'run') || prog === 'dotenv' || (prog === 'dotenvx' && sub === 'run');
  if (!runner || argv.includes('--no-masking')) return false;
  const dash = argv.indexOf('--');
  const child = (dash > 0 ? argv[dash + 1] : undefined)?.replace(/^.*\//, '');
  return child !== undefined && !PRINTING_CHILD.test(child);
}

/**
 * `kubectl create secret generic NAME --from-env-file=.env` (no `-o`: a manifest printed shows the
 * values) and `gh secret set -f .env` of the current repository: the file goes into that store.
 */
function storedFrom(argv: readonly string[]): boolean {
  const [p, a1, a2] = argv;
  if ((p === 'kubectl' || p === 'oc') && argv.includes('create') && argv.includes('secret'))
    return !argv.some((a) => /^(?:-o|--output)(?:=|$)|^-o\w/.test(a));
  return (
    p === 'gh' &&
    a1 === 'secret' &&
    a2 === 'set' &&
    !argv.some((a) => /^(?:-R|--repo|-o|--org|-u|--user)(?:=|$)/.test(a))
  );
}

/** The argv after a package runner (`npx vercel`, `pnpm dlx vercel`), else argv itself. */
function unrun(argv: readonly string[]): readonly string[] {
  const [p, s] = argv;
  if (p === 'npx' || p === 'bunx') return argv.slice(1).filter((a, i) => i > 0 || a !== '-y');
  if ((p === 'pnpm' || p === 'yarn') && s === 'dlx') return argv.slice(2);
  return argv;
}

/** True when `cmd.argv[i]`, a credential path, is written or handed on rather than read out. */
export function credentialArgUnread(cmd: ShellCommand, i: number): boolean {
  const { argv, name } = cmd;
  const prev = argv[i - 1] ?? '';
  // a generated key written over one in home (`-keyout ~/.ssh/id_rsa`) is not the project's
  if (WRITTEN[name]?.has(prev) === true) return inProject(argv[i] ?? '');
  if (name === 'keytool') return argv.some((a) => KEYTOOL_PUBLIC.test(a));
  if (name === 'openssl' && certificatePrinted(argv, i)) return true;
  if (name === 'sed') return sedInPlace(argv);
  const a = argv[i] ?? '';
  // only the project's own env file: a file from home (`-e ~/.aws/credentials`) is no project setting
  if (envForChild(argv))
    return (
      (/^(?:--env-file=|--file=)/.test(a) || /^(?:--env-file|-e|-f|--file)$/.test(prev)) &&
      inProject(a.replace(/^--[\w-]+=/, ''))
    );
  if (storedFrom(argv)) return inProject(a.replace(/^--[\w-]+=/, '').replace(/^[\w.-]+=/, ''));
  const run = unrun(argv);
  // `vercel env pull FILE` writes the project's development variables into FILE
  return (
    run[0] === 'vercel' &&
    run[1] === 'env' &&
    run[2] === 'pull' &&
    a === run.find((w, k) => k > 2 && !w.startsWith('-')) &&
    inProject(a) &&
    isCredentialPath(a)
  );
}
