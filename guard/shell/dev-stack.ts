// A Pulumi stack named for one developer's or a test environment (`--stack dev-jmorgan`,
// `-s acme/api/test`) is torn down as routinely as a preview's: `--stack` picks the state the
// destroy acts on, so its name says what goes. A production, staging or shared marker anywhere in
// the command, or no stack named (the current one), stays infra_destroy. Terraform's `-var-file`
// picks no state (the current workspace is destroyed whatever the file), so it proves nothing
// (docs/guard.md "Shell analysis").
import type { ShellCommand } from './model.js';
import { optionValue } from './option-values.js';

const DEV_STACK =
  /^(?:dev|development|test|testing|local|ci|sandbox|personal)(?:[-_.][\w.-]+)?$|[-_](?:dev|test|local|sandbox)$/i;
const SHARED =
  /(?<![a-z])(?:prod|prd|production|live|main|master|shared|staging|stage|stg|uat|perf)(?![a-z])/i;

/** True when `cmd` is `pulumi destroy|down|stack rm` of a stack named for development or test. */
export function devPulumiStack(cmd: ShellCommand): boolean {
  if (cmd.name !== 'pulumi') return false;
  const stack = optionValue(cmd.argv, ['-s', '--stack']);
  if (stack === undefined) return false;
  const name = stack.slice(stack.lastIndexOf('/') + 1);
  return DEV_STACK.test(name) && !cmd.argv.some((a) => SHARED.test(a));
}
