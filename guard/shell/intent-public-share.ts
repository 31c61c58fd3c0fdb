// Intents of commands that open hosted data to everyone: a public-read ACL on copied objects or a
// bucket, the bucket's public-access block switched off, `allUsers` granted on a bucket.
import type { ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';

/** Canned ACLs that let anyone read (or write) the objects. */
const PUBLIC_ACL = /^(?:public-read|public-read-write|authenticated-read)$/;
/** Grantees that stand for everyone (S3 groups, GCS members). */
const EVERYONE = /AllUsers|AllAuthenticatedUsers|allUsers|allAuthenticatedUsers/;

function valueOf(argv: readonly string[], opt: string): string | undefined {
  const at = argv.indexOf(opt);
  if (at > 0) return argv[at + 1];
  return argv.find((a) => a.startsWith(`${opt}=`))?.slice(opt.length + 1);
}

function awsPublic(argv: readonly string[]): string | null {
  const [, service = '', op = ''] = argv;
  const acl = valueOf(argv, '--acl');
  if (acl !== undefined && PUBLIC_ACL.test(acl)) return `aws ${service} ${op} --acl ${acl}`;
  if (
    argv.some((a) => EVERYONE.test(a)) &&
    argv.some((a) => /^--grant-/.test(a) || a === '--grants')
  )
    return `aws ${service} ${op} grants everyone`;
  // the block that overrides public ACLs and policies, turned off
  if (service === 's3api' && op === 'put-public-access-block') {
    const conf = valueOf(argv, '--public-access-block-configuration') ?? '';
    if (/=\s*false|:\s*false/i.test(conf)) return 'aws s3api put-public-access-block off';
  }
  if (service === 's3api' && op === 'delete-public-access-block')
    return 'aws s3api delete-public-access-block';
  return null;
}

function gsutilPublic(argv: readonly string[]): string | null {
  const words = argv.slice(1).filter((a) => !a.startsWith('-'));
  const [sub = '', op = ''] = words;
  if (
    (sub === 'acl' || sub === 'iam' || sub === 'defacl') &&
    op === 'ch' &&
    argv.some((a) => EVERYONE.test(a))
  )
    return `gsutil ${sub} ch grants everyone`;
  if ((sub === 'acl' || sub === 'defacl') && op === 'set' && words.some((w) => w === 'public-read'))
    return `gsutil ${sub} set public-read`;
  const canned = valueOf(argv, '-a');
  if ((sub === 'cp' || sub === 'rsync') && canned !== undefined && PUBLIC_ACL.test(canned))
    return `gsutil ${sub} -a ${canned}`;
  return null;
}

/** Hosted data made readable by anyone: reported as access control switched off. */
export function publicShareIntents(cmd: ShellCommand): IntentHit[] {
  const what =
    cmd.name === 'aws'
      ? awsPublic(cmd.argv)
      : cmd.name === 'gsutil'
        ? gsutilPublic(cmd.argv)
        : cmd.name === 'gcloud' &&
            cmd.argv.includes('add-iam-policy-binding') &&
            cmd.argv.some((a) => EVERYONE.test(a))
          ? 'gcloud grants allUsers'
          : null;
  return what === null
    ? []
    : [{ intent: 'security_disable', detail: `makes data public: ${what}` }];
}
