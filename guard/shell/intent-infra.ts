// Intents of commands that destroy infrastructure or hosted data: IaC destroy, cluster and cloud deletes, volumes, repositories.
import { composeScope } from './compose-scope.js';
import { housekeepingPrune } from './prune-scope.js';
import { routineTarget } from './ephemeral-target.js';
import { scaleToZero } from './scale-to-zero.js';
import { targetedDestroy } from './targeted-destroy.js';
import { localTestData } from './local-test-data.js';
import { localContainerStore } from './local-container-store.js';
import { devPulumiStack } from './dev-stack.js';
import { configRunIntents } from './config-runs.js';
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { basename, runnerTarget } from './wrappers.js';

/** Program, consecutive positional words (each a set of alternatives), flags of which one is needed. */
type Spec = [string[], string[][], string[]?];

const K8S_KINDS = [
  'namespace',
  'namespaces',
  'ns',
  'pv',
  'persistentvolume',
  'pvc',
  'persistentvolumeclaim',
  'crd',
  'customresourcedefinition',
  'node',
  'nodes',
  'statefulset',
  'sts',
  'deployment',
  'deploy',
  'secret',
  'secrets',
  'all',
];

const SPECS: Spec[] = [
  [['terraform', 'tofu', 'terragrunt'], [['destroy']]],
  [['terraform', 'tofu', 'terragrunt'], [['apply']], ['-destroy']],
  [
    ['terraform', 'tofu'],
    [['workspace'], ['delete']],
  ],
  [['pulumi'], [['destroy', 'down']]],
  [['pulumi'], [['stack'], ['rm']]],
  // every resource dropped from the stack's state: nothing is managed any more
  [['pulumi'], [['state'], ['delete']], ['--all']],
  [['cdk', 'cdktf'], [['destroy']]],
  [['sam'], [['delete']]],
  [['serverless', 'sls'], [['remove']]],
  [['eksctl'], [['delete'], ['cluster', 'nodegroup']]],
  [['copilot'], [['app', 'env', 'svc', 'job'], ['delete']]],
  [['amplify'], [['delete']]],
  [['sst'], [['remove']]],
  [['firebase'], [['projects:delete', 'hosting:disable', 'database:remove', 'firestore:delete']]],
  [['supabase'], [['db'], ['reset']], ['--linked', '--db-url']],
  [['supabase'], [['projects'], ['delete']]],
  [['vercel'], [['remove', 'rm']]],
  [['netlify'], [['sites:delete']]],
  [['railway'], [['down', 'delete']]],
  [
    ['kubectl', 'oc'],
    [['delete'], K8S_KINDS],
  ],
  [['kubectl', 'oc'], [['delete']], ['--all', '-A', '--all-namespaces']],
  // a drain evicts a node's pods under their disruption budgets and `uncordon` undoes it; forcing
  // deletes pods no controller recreates, and a selector drains many nodes at once
  [['kubectl'], [['drain']], ['--force', '--disable-eviction', '-l', '--selector']],
  [['helm'], [['uninstall', 'delete', 'del', 'un']]],
  [['gh'], [['repo'], ['delete']]],
  [
    ['docker', 'podman'],
    [['volume'], ['rm', 'prune']],
  ],
  [
    ['docker', 'podman'],
    [['system'], ['prune']],
    ['--volumes', '-a', '--all'],
  ],
  [
    ['docker', 'podman'],
    [['compose'], ['down']],
    ['-v', '--volumes'],
  ],
  [['docker-compose'], [['down']], ['-v', '--volumes']],
  [['aws'], [['s3'], ['rb']]],
  [['aws'], [['s3'], ['rm']], ['--recursive']],
  [['aws'], [['s3api'], ['delete-bucket']]],
  [['aws'], [['rds'], ['delete-db-instance', 'delete-db-cluster']]],
  [['aws'], [['ec2'], ['terminate-instances', 'delete-volume']]],
  [['aws'], [['dynamodb'], ['delete-table']]],
  [['aws'], [['cloudformation'], ['delete-stack']]],
  [['aws'], [['eks'], ['delete-cluster', 'delete-nodegroup']]],
  [['aws'], [['ecs'], ['delete-cluster']]],
  [['aws'], [['ecr'], ['delete-repository']], ['--force']],
  [['aws'], [['elasticache'], ['delete-cache-cluster', 'delete-replication-group']]],
  [['aws'], [['redshift'], ['delete-cluster']]],
  [['aws'], [['kms'], ['schedule-key-deletion']]],
  [['aws'], [['route53'], ['delete-hosted-zone']]],
  // backups and snapshots: what the data is restored from
  [['aws'], [['backup'], ['delete-recovery-point', 'delete-backup-vault']]],
  [
    ['aws'],
    [
      ['rds'],
      ['delete-db-snapshot', 'delete-db-cluster-snapshot', 'delete-db-instance-automated-backup'],
    ],
  ],
  [['aws'], [['ec2'], ['delete-snapshot']]],
  [['aws'], [['dynamodb'], ['delete-backup']]],
  [['gsutil'], [['rb']]],
  [['gsutil'], [['rm']], ['-r', '-R']],
  [['gcloud'], [['delete']]],
  [['gcloud'], [['storage'], ['rm']], ['-r', '--recursive']],
  [['az'], [['delete']]],
  [['doctl'], [['delete', 'rm']]],
  [['heroku'], [['apps:destroy', 'pg:reset']]],
  [
    ['fly', 'flyctl'],
    [['apps', 'volumes'], ['destroy']],
  ],
  [['bq'], [['rm']], ['-r', '-d', '--recursive', '--dataset']],
  [['argocd'], [['app'], ['delete']]],
  [['databricks'], [['fs'], ['rm']], ['-r', '--recursive']],
  [['databricks'], [['workspace'], ['delete', 'rm']], ['--recursive']],
  [['dropdb', 'dropuser']],
].map(([p, w, f]) => [p, w ?? [], f] as Spec);

function split(argv: readonly string[]): { flags: string[]; pos: string[]; posAt: number[] } {
  const flags: string[] = [];
  const pos: string[] = [];
  const posAt: number[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a.length > 1 && a.startsWith('-')) flags.push(a);
    else {
      pos.push(a);
      posAt.push(i);
    }
  }
  return { flags, pos, posAt };
}

function hasFlag(flags: readonly string[], spec: string): boolean {
  if (/^-[A-Za-z]$/.test(spec))
    return flags.some((f) => f === spec || (/^-[A-Za-z]+$/.test(f) && f.includes(spec.slice(1))));
  return flags.some((f) => f === spec || f.startsWith(`${spec}=`));
}

/** The specs of each program, in table order: a command looks only at its own program's. */
const BY_PROGRAM = new Map<string, Spec[]>();
for (const spec of SPECS)
  for (const p of spec[0]) BY_PROGRAM.set(p, [...(BY_PROGRAM.get(p) ?? []), spec]);

/** MongoDB shell code that drops a database or collection or empties one (`deleteMany({})`). */
export const MONGO_DESTROY =
  /\.\s*(?:dropDatabase|drop|dropAllUsers)\s*\(\s*\)|\.\s*(?:deleteMany|remove)\s*\(\s*\{\s*\}\s*\)/;

function mongoEval(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const code = cmd.argv
    .map((a, i) =>
      a === '--eval' ? (cmd.argv[i + 1] ?? '') : a.startsWith('--eval=') ? a.slice(7) : '',
    )
    .join('\n');
  if (!MONGO_DESTROY.test(code)) return [];
  const detail = `${cmd.name} --eval drops data`;
  return [
    localContainerStore(cmd, all)
      ? { intent: 'infra_destroy', detail, server: true }
      : { intent: 'infra_destroy', detail },
  ];
}

/** Packages a runner fetches by a name other than their program's (`npx aws-cdk@2 destroy`). */
const PACKAGE_PROGRAM: Record<string, string> = {
  'aws-cdk': 'cdk',
  'cdktf-cli': 'cdktf',
  'firebase-tools': 'firebase',
  'netlify-cli': 'netlify',
};

function programOf(name: string): string {
  const bare = name.replace(/(?<=.)@[^/]*$/, '');
  return Object.hasOwn(PACKAGE_PROGRAM, bare) ? (PACKAGE_PROGRAM[bare] ?? bare) : bare;
}

/** Resource types that hold data: a new one made in their place starts empty. */
export const DATA_RESOURCE =
  /\b(?:aws_(?:db_instance|rds_cluster(?:_instance)?|dynamodb_table|s3_bucket|ebs_volume|efs_file_system|elasticache_(?:cluster|replication_group)|redshift_cluster|docdb_cluster|neptune_cluster|opensearch_domain|elasticsearch_domain)|google_(?:sql_database(?:_instance)?|storage_bucket|bigquery_(?:dataset|table)|spanner_(?:instance|database)|compute_disk|bigtable_instance)|azurerm_(?:\w+_)?(?:database|server|storage_account|managed_disk|cosmosdb_account))\b/;

/** A word of a data resource type, as a listing's filter names it (`grep aws_db`, `grep -E 'rds|s3'`). */
const DATA_HINT =
  /(?:aws_db|rds|database|\bdb\b|_db\b|dynamo|s3|bucket|ebs|volume|disk|efs|elasticache|redis|redshift|sql|spanner|bigquery|bigtable|cosmos|storage|docdb|neptune)/i;

/**
 * The resources a `terraform state list` names (`$(terraform state list | grep aws_db)`): data
 * when it is unfiltered (the whole state) or its filter names a data resource type.
 */
function listsData(word: string): boolean {
  const rest = stateListing(word);
  return rest !== null && (!LIST_FILTER.test(rest) || DATA_HINT.test(rest));
}

/** Programs that narrow a listing to some of its lines. */
const LIST_FILTER = /\b(?:grep|rg|awk|sed|head|tail)\b/;

/** `word` from its `state list` on, or null when it holds none. */
function stateListing(word: string): string | null {
  const at = word.search(/\bstate\s+list\b/);
  return at < 0 ? null : word.slice(at);
}

/** An unfiltered `state list` with no address prefix: every resource of the state. */
function listsAll(word: string): boolean {
  const rest = stateListing(word);
  if (rest === null || LIST_FILTER.test(rest)) return false;
  // `state list module.cache`: the words after `list` up to the end of the substitution
  const operands = /^state\s+list((?:\s+[^\s|;)]+)*)/.exec(rest)?.[1] ?? '';
  return operands.split(/\s+/).every((w) => w === '' || w.startsWith('-'));
}

/** The words of `cmd` and the stages after it in its pipeline, as one line. */
function pipelineText(cmd: ShellCommand, all: ShellAnalysis): string {
  if (cmd.pipeline < 0) return cmd.argv.join(' ');
  return all.commands
    .filter((c) => c.pipeline === cmd.pipeline && c.stage >= cmd.stage)
    .map((c) => c.argv.join(' '))
    .join(' | ');
}

/**
 * `terraform state rm` of a database, bucket or volume and an `apply` in the same script: the apply
 * makes an empty one in its place and the stack moves to it, the old data left outside the state.
 */
function stateForgetAndApply(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const { pos } = split(cmd.argv);
  if (pos[0] !== 'state' || pos[1] !== 'rm') return [];
  const listed = cmd.wrappers.includes('xargs')
    ? all.commands
        .filter((c) => c.pipeline === cmd.pipeline && c.stage < cmd.stage && c.pipeline >= 0)
        .map((c) => c.argv.join(' '))
        .join(' | ')
    : '';
  const operands = cmd.argv.slice(3);
  // `for r in $(terraform state list | grep rds); do terraform state rm "$r"; done`
  const looped =
    operands.some((a) => a.startsWith('$')) &&
    all.commands.some((c) => c.name === cmd.name && listsData(pipelineText(c, all)));
  // the whole state forgotten: nothing is managed any more, and the next apply makes every
  // resource again beside the old ones (`terraform state rm $(terraform state list)`)
  const everything =
    operands.some((a) => listsAll(a)) ||
    listsAll(listed) ||
    (operands.some((a) => a.startsWith('$')) &&
      all.commands.some((c) => c.name === cmd.name && listsAll(pipelineText(c, all))));
  if (everything)
    return [{ intent: 'infra_destroy', detail: `${cmd.name} state rm of every resource` }];
  if (!operands.some((a) => DATA_RESOURCE.test(a) || listsData(a)) && !listsData(listed) && !looped)
    return [];
  const applies = all.commands.some(
    (c) => c.name === cmd.name && c !== cmd && split(c.argv).pos[0] === 'apply',
  );
  return applies
    ? [{ intent: 'infra_destroy', detail: `${cmd.name} state rm of data, then apply` }]
    : [];
}

export function infraIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const run = runnerTarget(cmd.argv);
  if (run !== null) return infraIntents({ ...cmd, argv: run, name: basename(run[0] ?? '') }, all);
  if (cmd.name === 'terraform' || cmd.name === 'tofu' || cmd.name === 'terragrunt') {
    const forget = stateForgetAndApply(cmd, all);
    if (forget.length > 0) return forget;
  }
  if (cmd.name === 'ansible-playbook' || cmd.name.startsWith('salt') || cmd.name === 'chef-client')
    return configRunIntents(cmd);
  if (cmd.name === 'kubectl' || cmd.name === 'oc') {
    const zero = scaleToZero(cmd);
    if (zero.length > 0) return zero;
  }
  if (localTestData(cmd)) return [];
  if (cmd.name === 'mongosh' || cmd.name === 'mongo') return mongoEval(cmd, all);
  const specs = BY_PROGRAM.get(programOf(cmd.name));
  if (specs === undefined) return [];
  const { flags, pos, posAt } = split(cmd.argv);
  for (const [, words, need] of specs) {
    // the words stand consecutively among the positionals (flag values such as `-n prod` sit there too)
    const at = pos.findIndex((_, i) => words.every((alts, j) => alts.includes(pos[i + j] ?? '')));
    if (words.length > 0 && at < 0) continue;
    if (need !== undefined && !need.some((f) => hasFlag(flags, f))) continue;
    // a destroy scoped to named resources is routine clean-up, unless production's
    if (hasFlag(flags, '-target') || hasFlag(flags, '--target')) return targetedDestroy(cmd, all);
    if (routineTarget(cmd, posAt[at + words.length - 1] ?? 0) || devPulumiStack(cmd)) return [];
    if (housekeepingPrune(cmd)) return [];
    const shown = [cmd.name, ...pos.slice(at, at + words.length)].join(' ');
    const compose = composeScope(cmd);
    return [{ intent: 'infra_destroy', detail: shown, ...(compose === null ? {} : { compose }) }];
  }
  return [];
}
