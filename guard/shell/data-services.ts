// Hosted data services destroyed through their own tools (docs/guard.md "Shell analysis"): message
// brokers (guard/shell/broker-destroy.ts), data stores' REST APIs (guard/shell/datastore-http.ts),
// SaaS data CLIs (guard/shell/saas-data-delete.ts). One lookup of the program name decides which
// reader, if any, looks at the command.
import type { ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { brokerDestroyIntents } from './broker-destroy.js';
import { datastoreHttpIntents } from './datastore-http.js';
import { saasDataDeleteIntents } from './saas-data-delete.js';

type Reader = (cmd: ShellCommand) => IntentHit[];

const READERS = new Map<string, Reader>();
for (const n of [
  'kafka-topics',
  'kafka-delete-records',
  'rpk',
  'rabbitmqctl',
  'rabbitmqadmin',
  'nats',
  'aws',
])
  READERS.set(n, brokerDestroyIntents);
for (const n of ['kafka-topics.sh', 'kafka-delete-records.sh'])
  READERS.set(n, brokerDestroyIntents);
for (const n of ['curl', 'http', 'https', 'xh', 'wget']) READERS.set(n, datastoreHttpIntents);
for (const n of ['sf', 'sfdx', 'stripe']) READERS.set(n, saasDataDeleteIntents);

export function dataServiceIntents(cmd: ShellCommand): IntentHit[] {
  const read = READERS.get(cmd.name);
  return read === undefined ? [] : read(cmd);
}
