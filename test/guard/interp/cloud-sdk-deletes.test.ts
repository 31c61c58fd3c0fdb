// Cloud resources destroyed through an SDK in interpreter code are held like the CLI forms: a
// bucket's batch delete of every object (version), a dropped bucket, database, instance, table,
// stack or container. Listing, reading, downloading, and deleting one object by key or a filtered
// prefix pass.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const rule = bashRule('/home/dev/app');

const HELD = [
  `python - <<'PY'\nimport boto3\ns3=boto3.resource('s3')\nb=s3.Bucket('acme-backups-prod')\nb.object_versions.delete()\nPY`,
  `python3 -c "import boto3; boto3.resource('s3').Bucket('acme-logs').objects.delete()"`,
  `python3 -c "import boto3; boto3.client('s3').delete_bucket(Bucket='acme-data')"`,
  `python3 -c "import boto3; boto3.client('rds').delete_db_instance(DBInstanceIdentifier='prod-db', SkipFinalSnapshot=True)"`,
  `python3 -c "import boto3; boto3.client('ec2', region_name='us-east-1').terminate_instances(InstanceIds=['i-0abc1234def567890'])"`,
  `python3 -c "import boto3; boto3.resource('dynamodb').Table('orders').delete() or boto3.client('dynamodb').delete_table(TableName='orders')"`,
  `python3 - <<'PY'\nfrom azure.storage.blob import BlobServiceClient\nsvc = BlobServiceClient.from_connection_string(cs)\nsvc.delete_container('invoices')\nPY`,
  `python3 - <<'PY'\nfrom azure.mgmt.resource import ResourceManagementClient\nclient.resource_groups.begin_delete('rg-prod').result()\nPY`,
  `python3 -c "from google.cloud import storage; storage.Client().bucket('acme-exports').delete(force=True)"`,
  `node -e "const {S3Client,DeleteBucketCommand}=require('@aws-sdk/client-s3');new S3Client({}).send(new DeleteBucketCommand({Bucket:'acme-data'}))"`,
];

const PASSES = [
  `python3 -c "import boto3; [print(o.key) for o in boto3.resource('s3').Bucket('acme-logs').objects.all()]"`,
  `python3 -c "import boto3; print(boto3.client('s3').list_buckets()['Buckets'])"`,
  `python3 -c "import boto3; boto3.client('s3').download_file('acme-artifacts','app.zip','app.zip')"`,
  `python3 -c "import boto3; boto3.client('s3').delete_object(Bucket='acme-scratch', Key='tmp/run-42.json')"`,
  `python3 -c "import boto3; boto3.resource('s3').Bucket('acme-scratch').objects.filter(Prefix='tmp/ci-42/').delete()"`,
  `python3 -c "import boto3; print(boto3.client('rds').describe_db_instances()['DBInstances'])"`,
];

describe('cloud resources destroyed through an SDK', () => {
  it.each(HELD)('%s is held', async (c) => {
    expect(await rule(c)).not.toBe('allow');
  });
  it.each(PASSES)('%s passes', async (c) => {
    expect(await rule(c)).toBe('allow');
  });
});
