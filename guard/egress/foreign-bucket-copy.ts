// `aws s3 cp s3://acme-prod-customer-uploads s3://xfer-bucket-2931/ --recursive`: a copy between two
// buckets, the source named as production, customer or backup data and the destination sharing no
// name with it, moves that data to a store the project may not own (docs/guard.md "Egress"). A
// copy between an owner's own buckets (`s3://acme-prod-assets s3://acme-staging-assets`) names the
// owner in both.

/** Words in a bucket's name that mark what it holds as production, customer or backup data. */
const SENSITIVE =
  /^(?:prod|production|prd|live|customers?|users?|uploads|backups?|pii|private|secrets?|db|database|dumps?|billing|payments?|patients?|records|finance|hr)$/;
/** Words any bucket's name may carry, which say nothing about who owns it. */
const GENERIC =
  /^(?:prod|production|prd|live|staging|stage|stg|dev|test|qa|data|bucket|backups?|bak|archive|uploads|assets|logs|static|media|files|public|private|shared|share|tmp|temp|xfer|transfer|exports?|imports?|customers?|users?|us|eu|ap|east|west|north|south|central|s3|gcs|www|com|net|org|app|web|raw|dr)$/;

const BUCKET = /^(?:s3a?|gs):\/\/([a-z0-9][a-z0-9._-]{1,221})/i;

function words(bucket: string): string[] {
  return bucket
    .toLowerCase()
    .split(/[._-]+/)
    .filter((w) => w.length >= 2 && !/^\d+$/.test(w));
}

/**
 * True when every source is another bucket than `dst`, some source's name marks it as sensitive
 * data, and no source shares an owner word with `dst`. Bucket names are attacker-controlled text.
 */
export function foreignBucketCopy(sources: readonly string[], dst: string): boolean {
  const to = BUCKET.exec(dst)?.[1]?.toLowerCase();
  if (to === undefined || sources.length === 0) return false;
  const owners = new Set(words(to).filter((w) => !GENERIC.test(w)));
  let sensitive = false;
  for (const s of sources) {
    const from = BUCKET.exec(s)?.[1]?.toLowerCase();
    if (from === undefined || from === to) return false;
    const ws = words(from);
    if (ws.some((w) => owners.has(w))) return false;
    if (ws.some((w) => SENSITIVE.test(w))) sensitive = true;
  }
  return sensitive;
}
