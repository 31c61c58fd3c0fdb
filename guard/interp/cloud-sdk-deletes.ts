// Cloud resources destroyed through their SDKs in interpreter code (docs/guard.md "Interpreter code"),
// classified like the CLI forms (`aws s3 rb`, `aws rds delete-db-instance`, `az group delete`):
// boto3 `delete_bucket`, `delete_db_instance`, `terminate_instances`, `delete_table`; a boto3
// collection's batch `bucket.objects.delete()` / `object_versions.delete()` (every object without a
// filter); azure `delete_container`, `begin_delete`; google-cloud `bucket.delete(force=True)`.
// One object deleted by key (`delete_object`, `blob.delete()`) is not a destroyed resource.
import type { IntentHit } from '../shell/intents.js';

/** SDK calls that drop a whole resource: a bucket, a database, an instance, a table, a cluster, a group. */
const DROPS =
  /\.\s*(delete_bucket|delete_db_instance|delete_db_cluster|terminate_instances|delete_table|delete_cluster|delete_stack|delete_file_system|delete_volume|schedule_key_deletion|delete_container|delete_share|begin_delete|deleteBucket|deleteDBInstance|deleteDBCluster|terminateInstances|deleteTable|deleteStack)\s*\(|\bnew\s+(Delete(?:Bucket|DBInstance|DBCluster|Table|Stack|Cluster)Command|TerminateInstancesCommand)\b|\.\s*(delete)\s*\(\s*force\s*=\s*True\b/;
/** A boto3 collection's batch delete without a filter: every object (version) in the bucket. */
const COLLECTION_DELETE =
  /\.\s*(?:objects|object_versions|multipart_uploads)\s*\.\s*(?:all\s*\(\s*\)\s*\.\s*)?delete\s*\(/;
/** Cloud SDKs by the names their code imports. */
const SDKS = ['boto3', 'botocore', 'azure', 'google.cloud', '@aws-sdk', 'aws-sdk'];

/**
 * An `infra_destroy` hit when the code imports a cloud SDK and drops a resource with it. Tested by
 * `includes` first; the code is attacker-controlled: bounded regexes over at most 64 KiB.
 */
export function cloudSdkDeletes(lang: string, code: string): IntentHit[] {
  if (!SDKS.some((s) => code.includes(s))) return [];
  const text = code.slice(0, 64 * 1024);
  const m = DROPS.exec(text);
  const drop = m?.[1] ?? m?.[2] ?? m?.[3] ?? (COLLECTION_DELETE.test(text) ? 'batch delete' : null);
  return drop === null
    ? []
    : [{ intent: 'infra_destroy', detail: `${lang} ${drop} through a cloud SDK` }];
}
