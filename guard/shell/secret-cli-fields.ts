// `vault kv get -field=username secret/dev/db`, `op read op://dev/db/username`, `op item get db
// --fields host,port`: a secret manager asked for a field that names where or as whom (a user name,
// a host, a port) prints no secret; `-field=password`, no field, or any other field stays a read
// (docs/guard.md "Shell analysis").
import { NON_SECRET_FIELD } from './names-projection.js';

/** Every value of option `names` in `argv` (`-field=x`, `-field x`, `--field x`). */
function optionValues(argv: readonly string[], names: RegExp): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const eq = a.indexOf('=');
    if (eq > 0 && names.test(a.slice(0, eq))) out.push(a.slice(eq + 1));
    else if (names.test(a)) out.push(argv[++i] ?? '');
  }
  return out;
}

/** True when a `vault` or `op` read prints only fields that are no secret. */
export function nonSecretFieldRead(name: string, argv: readonly string[]): boolean {
  if (name === 'vault') {
    const fields = optionValues(argv, /^--?field$/);
    return fields.length > 0 && fields.every((f) => NON_SECRET_FIELD.test(f));
  }
  if (name !== 'op') return false;
  if (argv[1] === 'read') {
    // op://vault/item[/section]/field, with no `?attribute=` (an OTP or a file's content)
    const refs = argv.slice(2).filter((a) => !a.startsWith('-'));
    return (
      refs.length === 1 &&
      !argv.some((a) => /^--?(?:o|out-file|force)$|^--out-file=/.test(a)) &&
      /^op:\/\/[^?#\s]+$/.test(refs[0] ?? '') &&
      NON_SECRET_FIELD.test((refs[0] ?? '').split('/').at(-1) ?? '')
    );
  }
  if (argv[1] !== 'item' || argv[2] !== 'get') return false;
  if (argv.some((a) => a === '--reveal' || a.startsWith('--otp'))) return false;
  const fields = optionValues(argv, /^--fields$/).flatMap((f) => f.split(','));
  return (
    fields.length > 0 &&
    fields.every((f) => NON_SECRET_FIELD.test(f.replace(/^(?:label|id)=/, '').replace(/^.*\./, '')))
  );
}
