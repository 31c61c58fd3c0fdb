// A dry run of a destructive CLI: the tool documents a flag that reports what it would do and does
// nothing (`aws s3 rm --dryrun`, `kubectl delete --dry-run=client`, `helm uninstall --dry-run`,
// `git clean -n`, `rsync -n`). Only these tools' own flags count, and only before a `--`, so a file
// named `--dry-run` given to `rm` never makes a deletion look harmless (docs/guard.md "Shell analysis").
import type { ShellCommand } from './model.js';

/** Tools whose `--dry-run`/`--dryrun` is documented to change nothing. */
const DRY_RUN_TOOLS = new Set([
  'aws',
  'kubectl',
  'oc',
  'helm',
  'git',
  'rsync',
  'npm',
  'pnpm',
  'yarn',
  'gsutil',
  'rclone',
  'az',
  'pulumi',
]);
/** Tools whose `-n` is their documented dry run (`kubectl -n` is a namespace: not listed). */
const SHORT_N_TOOLS = new Set(['rsync', 'rclone']);
/** `--dry-run=none` runs for real; `server` still sends the data to the API server. */
const DRY_VALUE = /^--dry-?run(?:=(?:client|true))?$/;

function beforeDashes(argv: readonly string[]): readonly string[] {
  const end = argv.indexOf('--');
  return end < 0 ? argv : argv.slice(0, end);
}

/** True when this command is a documented dry run of its tool (client-side for kubectl and oc). */
export function dryRun(cmd: ShellCommand): boolean {
  if (!DRY_RUN_TOOLS.has(cmd.name)) return false;
  const args = beforeDashes(cmd.argv).slice(1);
  if (args.some((a) => DRY_VALUE.test(a) || a === '--dry-run=server')) return true;
  if (cmd.name === 'git' && args[0] === 'clean')
    return args.some((a) => /^-[a-zA-Z]*n[a-zA-Z]*$/.test(a));
  return SHORT_N_TOOLS.has(cmd.name) && args.some((a) => /^-[a-zA-Z]*n[a-zA-Z]*$/.test(a));
}

/** A client-side dry run that prints only the object's name: the file read never leaves nor shows. */
export function dryRunPrintsNameOnly(cmd: ShellCommand): boolean {
  if (cmd.name !== 'kubectl' && cmd.name !== 'oc') return false;
  const args = beforeDashes(cmd.argv);
  if (!args.some((a) => DRY_VALUE.test(a))) return false;
  const i = args.findIndex((a) => a === '-o' || a === '--output');
  const out =
    i >= 0
      ? args[i + 1]
      : args.find((a) => /^(?:-o|--output=)/.test(a))?.replace(/^(?:-o=?|--output=)/, '');
  return out === 'name';
}
