// A kubectl jsonpath that prints a secret's `.data` key naming where or as whom holds no secret;
// a password, token or key field, or the whole `.data`, stays a credential read.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const rule = bashRule('/home/dev/infra/helm-charts');

const FIELDS = [
  "kubectl -n dev get secret pricing-engine-db -o jsonpath='{.data.username}' | base64 -d",
  'kubectl get secret db-conn -n staging -o jsonpath="{.data.host}"',
  'kubectl get secret db -o jsonpath=\'{.data.port}{"\\n"}{.data.database}\'',
  "kubectl get secrets -o jsonpath='{.items[*].data.region}'",
  'kubectl get secret db -o custom-columns=USER:.data.user,DB:.data.db_name',
];
const VALUES = [
  "kubectl -n dev get secret pricing-engine-db -o jsonpath='{.data.password}' | base64 -d",
  "kubectl get secret api -o jsonpath='{.data.token}' | base64 --decode",
  "kubectl get secret tls -o jsonpath='{.data.tls\\.key}'",
  "kubectl get secret db -o jsonpath='{.data.username}{.data.password}'",
  "kubectl get secret db -o jsonpath='{.data}'",
  "kubectl get secret db -o jsonpath='{.data.secret_key}'",
  'kubectl get secret db -o custom-columns=USER:.data.user,PW:.data.password',
];

describe('kubectl secret fields that hold no value', () => {
  it.each(FIELDS)('%s passes', async (c) => {
    expect(await rule(c)).toBe('allow');
  });
  it.each(VALUES)('%s is a credential read', async (c) => {
    expect(await rule(c)).toBe('ca.credential-read');
  });
});
