// Message brokers' topics, queues and streams deleted or purged (docs/guard.md "Shell analysis"):
// `kafka-topics --delete`, `kafka-delete-records`, `rpk topic delete`, `rabbitmqctl
// delete_queue|purge_queue|delete_vhost|reset`, `rabbitmqadmin delete|purge`, `nats stream
// rm|purge`, `aws sqs purge-queue|delete-queue`, `aws sns delete-topic` (a local `--endpoint-url` is LocalStack's). A broker named local on
// the command line (`--bootstrap-server localhost:9092`) is the developer's own and passes; one
// the command does not name (a tool's default or profile) counts where the call's folder is a
// server's; a named remote broker is infra_destroy.
import type { ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { optionValue } from './option-values.js';
import { PRODUCTION_NAME } from './local-test-data.js';

/** A broker address on this machine or in the local compose network (`kafka:9092`). */
const LOCAL_BROKER =
  /^(?:[a-z]+:\/\/)?(?:[^@/]*@)?(?:localhost|127(?:\.\d+){3}|\[::1\]|::1|0\.0\.0\.0|host\.docker\.internal|[a-z][\w-]*)(?::\d+)?\/?$/i;

const RABBIT_VERBS =
  /^(?:delete_queue|purge_queue|delete_vhost|reset|force_reset|delete_stream|delete_shovel)$/;

function kafkaName(name: string): string {
  return name.replace(/\.sh$/, '').replace(/^confluent-/, '');
}

/** Every broker address named (comma lists included) is local. */
function allLocal(value: string): boolean {
  return value.split(',').every((b) => LOCAL_BROKER.test(b) && !PRODUCTION_NAME.test(b));
}

/** What the command destroys, and the broker it names (undefined when none), or null. */
function destroyed(cmd: ShellCommand): [string, string | undefined] | null {
  const { argv } = cmd;
  const [, a = '', b = ''] = argv;
  switch (kafkaName(cmd.name)) {
    case 'kafka-topics':
      if (!argv.includes('--delete')) return null;
      return [
        'kafka-topics --delete',
        optionValue(argv, ['--bootstrap-server', '--zookeeper']) ?? undefined,
      ];
    case 'kafka-delete-records':
      return ['kafka-delete-records', optionValue(argv, ['--bootstrap-server'])];
    case 'rpk':
      if (!/^topics?$/.test(a) || !/^(?:delete|trim-prefix)$/.test(b)) return null;
      return [`rpk topic ${b}`, brokersOf(argv)];
    case 'rabbitmqctl': {
      const verb = argv.find((w) => RABBIT_VERBS.test(w));
      if (verb === undefined) return null;
      const node = optionValue(argv, ['-n', '--node']);
      return [`rabbitmqctl ${verb}`, node?.replace(/^[^@]*@/, '')];
    }
    case 'rabbitmqadmin':
      if (!argv.some((w) => w === 'delete' || w === 'purge')) return null;
      return ['rabbitmqadmin delete', optionValue(argv, ['-H', '--host'])];
    case 'nats':
      if (!/^(?:stream|str|s|kv|object|obj)$/.test(a) || !/^(?:rm|del|delete|purge)$/.test(b))
        return null;
      return [`nats ${a} ${b}`, optionValue(argv, ['-s', '--server'])];
    case 'aws':
      if (
        (a === 'sqs' && /^(?:purge-queue|delete-queue)$/.test(b)) ||
        (a === 'sns' && b === 'delete-topic')
      )
        return [`aws ${a} ${b}`, optionValue(argv, ['--endpoint-url']) ?? 'aws'];
      return null;
    default:
      return null;
  }
}

/** rpk's `-X brokers=...` or `--brokers`. */
function brokersOf(argv: readonly string[]): string | undefined {
  const i = argv.findIndex((w) => w === '-X' || w === '--config-opt');
  const x = i < 0 ? undefined : argv[i + 1];
  if (x?.startsWith('brokers=') === true) return x.slice(8);
  return optionValue(argv, ['--brokers']);
}

export function brokerDestroyIntents(cmd: ShellCommand): IntentHit[] {
  const found = destroyed(cmd);
  if (found === null) return [];
  const [op, broker] = found;
  if (broker === undefined) return [{ intent: 'infra_destroy', detail: op, server: true }];
  if (broker !== 'aws' && allLocal(broker)) return [];
  return [{ intent: 'infra_destroy', detail: `${op} on ${broker}` }];
}
