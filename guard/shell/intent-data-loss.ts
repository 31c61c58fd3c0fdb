// Infrastructure commands that lose stored data without a delete verb (docs/guard.md "Data tools
// against production"): a database, bucket or volume replaced by a new, empty one (`terraform apply
// -replace=`, `terraform taint`, `pulumi up --replace`), and backups or history given a retention
// that removes them (`--backup-retention-period 0`, an S3 lifecycle expiring a whole bucket within
// days). What is named as throwaway (a preview, a pull request's stack) passes.
import type { ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { DATA_RESOURCE } from './intent-infra.js';
import { routineTarget } from './ephemeral-target.js';

/** Pulumi's type tokens of resources that hold data (`aws:rds/instance:Instance`, ...). */
const PULUMI_DATA =
  /(?:aws:(?:rds|dynamodb|s3|ebs|efs|elasticache|redshift|docdb|neptune|opensearch)\/|gcp:(?:sql|storage|bigquery|spanner|bigtable)\/|azure(?:-native)?:(?:sql|storage|cosmosdb|dbfor\w+)[/:])/i;

/** The values of `-replace=X`, `-replace X`, `--replace X`, `--target-replace X`. */
function replaced(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const m = /^--?(?:replace|target-replace)(?:=(.*))?$/.exec(argv[i] ?? '');
    if (m !== null) out.push(m[1] ?? argv[++i] ?? '');
  }
  return out;
}

function replacement(cmd: ShellCommand): string | null {
  const [, verb = ''] = cmd.argv.filter((a, i) => i === 0 || !a.startsWith('-'));
  if (/^(?:terraform|tofu|terragrunt)$/.test(cmd.name)) {
    if (verb === 'apply' && replaced(cmd.argv).some((a) => DATA_RESOURCE.test(a)))
      return `${cmd.name} apply -replace of a data resource`;
    // a tainted resource is destroyed and made anew, empty, by the next apply
    const taint = cmd.argv.indexOf('taint');
    const addr = cmd.argv.slice(taint + 1).find((a) => !a.startsWith('-'));
    return taint > 0 && addr !== undefined && DATA_RESOURCE.test(addr)
      ? `${cmd.name} taint of a data resource`
      : null;
  }
  if (cmd.name === 'pulumi' && (verb === 'up' || verb === 'update'))
    return replaced(cmd.argv).some((a) => PULUMI_DATA.test(a))
      ? 'pulumi up --replace of a data resource'
      : null;
  return null;
}

/** A lifecycle rule that applies to the whole bucket: no filter, an empty one, an empty prefix. */
function wholeBucket(rule: Record<string, unknown>): boolean {
  const f = rule.Filter;
  if (typeof rule.Prefix === 'string' && rule.Prefix !== '') return false;
  if (f === undefined || f === null) return true;
  if (typeof f !== 'object') return false;
  const keys = Object.entries(f as Record<string, unknown>).filter(([, v]) => v !== '');
  return keys.length === 0;
}

const SHORT_DAYS = 7;

function dayCount(v: unknown, key: string): number | null {
  if (typeof v !== 'object' || v === null) return null;
  const d = (v as Record<string, unknown>)[key];
  return typeof d === 'number' ? d : null;
}

/** An inline S3 lifecycle configuration expiring every object of the bucket within a week. */
function shortLifecycle(argv: readonly string[]): boolean {
  const at = argv.findIndex((a) => a.startsWith('--lifecycle-configuration'));
  if (at < 0) return false;
  const word = argv[at] ?? '';
  const text = word.includes('=') ? word.slice(word.indexOf('=') + 1) : (argv[at + 1] ?? '');
  if (text.length > 64 * 1024 || !text.trimStart().startsWith('{')) return false;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return false;
  }
  const rules = (doc as { Rules?: unknown } | null)?.Rules;
  if (!Array.isArray(rules)) return false;
  return rules.some((r: unknown) => {
    if (typeof r !== 'object' || r === null) return false;
    const rule = r as Record<string, unknown>;
    if (rule.Status !== 'Enabled' || !wholeBucket(rule)) return false;
    const days = [
      dayCount(rule.Expiration, 'Days'),
      dayCount(rule.NoncurrentVersionExpiration, 'NoncurrentDays'),
    ];
    return days.some((d) => d !== null && d <= SHORT_DAYS);
  });
}

function retention(cmd: ShellCommand): string | null {
  if (cmd.name !== 'aws') return null;
  const { argv } = cmd;
  if (argv.includes('put-bucket-lifecycle-configuration') && shortLifecycle(argv))
    return 'S3 lifecycle expiring the whole bucket within days';
  const period = argv.findIndex((a) => a.startsWith('--backup-retention-period'));
  const value = (argv[period] ?? '').split('=')[1] ?? argv[period + 1];
  return period > 0 && value === '0'
    ? 'backup retention set to 0 (automated backups deleted)'
    : null;
}

export function dataLossIntents(cmd: ShellCommand): IntentHit[] {
  if (!/^(?:terraform|tofu|terragrunt|pulumi|aws)$/.test(cmd.name)) return [];
  const what = replacement(cmd) ?? retention(cmd);
  // the verb's index: `aws rds modify-db-instance`, `pulumi up`, `terraform apply`
  if (what === null || routineTarget(cmd, cmd.name === 'aws' ? 2 : 1)) return [];
  return [{ intent: 'infra_destroy', detail: what }];
}
