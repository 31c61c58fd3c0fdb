// SaaS data CLIs deleting records of a live org or project (docs/guard.md "Shell analysis"):
// Salesforce's `sf data delete bulk|record` and `sfdx force:data:bulk:delete|record:delete`, a
// deploy carrying destructive changes; Stripe's CLI deleting in live mode (`--live`, a live key).
// A target org named for development, a scratch org, a sandbox or test passes; one named for
// production, or none at all (the default org may be production), is infra_destroy. Firebase's and
// Supabase's wide deletes are the infra table's (guard/shell/intent-infra.ts).
import type { ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { optionValue } from './option-values.js';

const DEV =
  /(?<![a-z])(?:dev|devel|development|test|testing|qa|ci|scratch|sandbox|sbx|local|demo|staging-test|tmp|temp)(?![a-z])/i;
const PROD = /(?<![a-z])(?:prod|production|prd|live|main)(?![a-z])/i;

const SF_BULK = /^(?:force:data:bulk:delete|force:data:record:delete)$/;
const SF_DESTRUCTIVE =
  /^--(?:pre|post)-destructive-changes$|^--predestructivechanges$|^--postdestructivechanges$/;

/** Throwaway unless the value names production. */
function devTarget(value: string | undefined): boolean {
  return value !== undefined && DEV.test(value) && !PROD.test(value);
}

function salesforce(cmd: ShellCommand): string | null {
  const [, a = '', b = '', c = ''] = cmd.argv;
  let op: string | null = null;
  if (SF_BULK.test(a)) op = `${cmd.name} ${a}`;
  else if (a === 'data' && b === 'delete' && (c === 'bulk' || c === 'record'))
    op = `sf data delete ${c}`;
  else if (
    ((a === 'project' && b === 'deploy') ||
      a === 'force:source:deploy' ||
      a === 'force:mdapi:deploy') &&
    cmd.argv.some((w) => SF_DESTRUCTIVE.test(w.replace(/=.*$/, '')))
  )
    op = `${cmd.name} deploy with destructive changes`;
  if (op === null) return null;
  const org = optionValue(cmd.argv, ['-o', '--target-org', '-u', '--targetusername']);
  return devTarget(org) ? null : op;
}

function stripe(cmd: ShellCommand): string | null {
  const [, a = '', b = ''] = cmd.argv;
  if (a !== 'delete' && b !== 'delete') return null;
  const live =
    cmd.argv.includes('--live') || /^[sr]k_live_/.test(optionValue(cmd.argv, ['--api-key']) ?? '');
  return live ? `stripe ${a === 'delete' ? 'delete' : `${a} delete`} in live mode` : null;
}

export function saasDataDeleteIntents(cmd: ShellCommand): IntentHit[] {
  let op: string | null = null;
  if (cmd.name === 'sf' || cmd.name === 'sfdx') op = salesforce(cmd);
  else if (cmd.name === 'stripe') op = stripe(cmd);
  return op === null ? [] : [{ intent: 'infra_destroy', detail: op }];
}
