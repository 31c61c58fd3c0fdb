// Workloads scaled to zero replicas stop serving as surely as deleted ones. `kubectl scale
// --replicas=0` over many workloads (`--all`, `-A`, a selector, names fed by `xargs` or a loop) is
// an outage of everything they serve, and one workload scaled to zero in a production context or
// namespace is that service's; a `kubectl patch` setting replicas to 0 over fed names is the same.
// A cluster on the developer's own machine is routine (docs/guard.md "Shell analysis").
import { routineTarget } from './ephemeral-target.js';
import type { IntentHit } from './intents.js';
import type { ShellCommand } from './model.js';
import { PRODUCTION } from './targeted-destroy.js';

const MANY_FLAGS = /^(?:--all|-A|--all-namespaces|-l|--selector)(?:=|$)/;
const PATCH_ZERO = /["']?replicas["']?\s*:\s*0(?!\d)/;
/** Options of kubectl that take a separate value: their value is never an operand. */
const VALUED = new Set([
  '--context',
  '--kube-context',
  '-n',
  '--namespace',
  '-l',
  '--selector',
  '--replicas',
  '-p',
  '--patch',
  '--type',
  '-o',
  '--output',
  '--kubeconfig',
  '--cluster',
  '--current-replicas',
  '--timeout',
  '-f',
  '--filename',
]);

/** The operands (kinds and names) of a kubectl argv, and the index of its verb. */
function operands(argv: readonly string[]): { verb: number; ops: string[] } {
  const ops: string[] = [];
  let verb = -1;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a.startsWith('-')) {
      if (!a.includes('=') && VALUED.has(a)) i++;
      continue;
    }
    if (verb < 0) verb = i;
    else ops.push(a);
  }
  return { verb, ops };
}

function replicasZero(argv: readonly string[]): boolean {
  const at = argv.indexOf('--replicas');
  return argv.includes('--replicas=0') || (at > 0 && argv[at + 1] === '0');
}

/** `infra_destroy` when a kubectl or oc command scales many workloads, or a production one, to zero. */
export function scaleToZero(cmd: ShellCommand): IntentHit[] {
  const { verb, ops } = operands(cmd.argv);
  const word = cmd.argv[verb];
  const patch = word === 'patch';
  if (word !== 'scale' && !patch) return [];
  if (patch ? !cmd.argv.some((a) => PATCH_ZERO.test(a)) : !replicasZero(cmd.argv)) return [];
  if (routineTarget(cmd, verb)) return [];
  // names are `kind/name` words, or the words after a bare kind
  const names = ops.some((o) => o.includes('/')) ? ops.length : Math.max(0, ops.length - 1);
  const fed = cmd.wrappers.includes('xargs') || ops.some((o) => o.includes('$'));
  const many = fed || names > 1 || cmd.argv.some((a) => MANY_FLAGS.test(a));
  if (!many && (patch || !cmd.argv.some((a) => PRODUCTION.test(a)))) return [];
  return [
    {
      intent: 'infra_destroy',
      detail: `${cmd.name} ${word} to zero replicas${many ? ' over many workloads' : ''}`,
    },
  ];
}
