// Destruction aimed at what is local or named as throwaway is routine: a local cluster's context
// (`kubectl --context kind-dev delete ns x`), resources named for a pull request, a preview or a
// scratch space (`az group delete --name rg-pr-2291-preview`, `pulumi destroy --stack ephemeral-x`,
// `aws s3 rm s3://bucket/pr-1177/ --recursive`), finished workflow runs, a preview's variable.
// A production, staging or shared marker anywhere in the command keeps it `infra_destroy`
// (docs/guard.md "Shell analysis").
import type { ShellCommand } from './model.js';
import { optionValue } from './option-values.js';

/** Kube contexts that tools for clusters on the developer's own machine create. */
const LOCAL_KUBE_CONTEXT =
  /^(?:kind-[\w.-]+|minikube|docker-desktop|docker-for-desktop|k3d-[\w.-]+|rancher-desktop|orbstack|colima(?:-[\w.-]+)?)$/;

/** A name that says the thing exists for one change, preview or experiment. */
const EPHEMERAL =
  /(?<![a-z])(?:pr-?\d+|preview|previews|ephemeral|scratch|sandbox|tmp|temp|review-app|review-\d+)(?![a-z])|(?<![a-z])feature[-_/]/i;

/** Markers of what others depend on: any of them anywhere in the command overrides. */
const SHARED = /(?<![a-z])(?:prod|prd|production|live|main|master|shared)(?![a-z])/i;
/**
 * A staging marker overrides in a target, but not in where the target lives: a preview release
 * in a staging cluster or namespace (`helm uninstall x-preview -n staging-previews
 * --kube-context staging`) is still the preview.
 */
const STAGING = /(?<![a-z])(?:staging|stage|stg)(?![a-z])/i;

/** Options whose value says where, not what: the account, region or namespace. */
const WHERE = new Set([
  '--zone',
  '--region',
  '--project',
  '--profile',
  '--location',
  '-l',
  '--subscription',
  '--context',
  '--kube-context',
]);
const KUBE_WHERE = new Set(['-n', '--namespace']);
/** Options whose value says how, never what (`--wait=false`, `--timeout=60s`). */
const HOW = new Set([
  '--wait',
  '--timeout',
  '--ignore-not-found',
  '--cascade',
  '--grace-period',
  '--now',
]);
const KUBE = new Set(['kubectl', 'oc', 'helm']);
const REDIRECTED = /^(?:-s|--server|--cluster|--kubeconfig|--kube-apiserver|--kube-token)(?:=|$)/;
const STATE_TOOLS = new Set(['terraform', 'tofu', 'terragrunt']);

/** Kinds whose finished runs a field selector can pick out. */
const RUN_KINDS = /^(?:pods?|po|jobs?|workflows?|wf|workflows?\.argoproj\.io)$/;
const FINISHED = /^(?:status\.phase==?(?:Succeeded|Failed|Completed)|status\.successful==?1)$/;

/** `kubectl delete pods|jobs|workflows --field-selector status.phase=Succeeded`: finished runs. */
function finishedRuns(argv: readonly string[], verb: number): boolean {
  const kind = argv.slice(verb + 1).find((a) => !a.startsWith('-'));
  const sel = optionValue(argv, ['--field-selector']);
  return (
    kind !== undefined &&
    RUN_KINDS.test(kind) &&
    sel !== undefined &&
    sel.split(',').every((s) => FINISHED.test(s))
  );
}

function ephemeralName(word: string): boolean {
  return !/[*?[\]{}$`]/.test(word) && !/(?:^|\/)\.\.(?:\/|$)/.test(word) && EPHEMERAL.test(word);
}

/** True when a staging marker appears anywhere but in the value of a where option. */
function stagingOutsideWhere(argv: readonly string[], kube: boolean): boolean {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('-')) {
      if (STAGING.test(a)) return true;
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (WHERE.has(name) || (kube && KUBE_WHERE.has(name))) {
      if (eq < 0) i++;
      continue;
    }
    if (STAGING.test(a)) return true;
  }
  return false;
}

/** Every word the verb acts on names something ephemeral (option values of WHERE excepted). */
function ephemeralTargets(argv: readonly string[], verb: number, kube: boolean): boolean {
  let targets = 0;
  // a kube verb's first operand is the kind (`namespace`), unless written `kind/name`
  let skipKind = kube && argv[verb] === 'delete';
  for (let i = verb + 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a.startsWith('-') && a.length > 1) {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(0, eq) : a;
      const where = WHERE.has(name) || (kube && KUBE_WHERE.has(name));
      if (eq > 0 && !where && !HOW.has(name)) return false;
      if (eq < 0 && where) i++;
      continue;
    }
    if (skipKind && !a.includes('/')) {
      skipKind = false;
      continue;
    }
    skipKind = false;
    if (!ephemeralName(kube ? a.replace(/^[\w.-]+\//, '') : a)) return false;
    targets++;
  }
  return targets > 0;
}

/** `vercel env rm NAME preview|development`: a variable of an environment that is no release. */
function previewVariable(argv: readonly string[]): boolean {
  const pos = argv.slice(1).filter((a) => !a.startsWith('-'));
  return (
    pos[0] === 'env' &&
    (pos[1] === 'rm' || pos[1] === 'remove') &&
    pos.length === 4 &&
    /^(?:preview|development)$/.test(pos[3] ?? '')
  );
}

/**
 * True when the destroying command `cmd` (its verb at argv index `verb`) is aimed at a local
 * cluster or at resources named as ephemeral (see the header).
 */
export function routineTarget(cmd: ShellCommand, verb: number): boolean {
  const { argv } = cmd;
  if (argv.some((a) => SHARED.test(a))) return false;
  if (argv.includes('-A') || argv.includes('--all-namespaces')) return false;
  const kube = KUBE.has(cmd.name);
  if (stagingOutsideWhere(argv, kube)) return false;
  if (kube) {
    const context = optionValue(argv, ['--context', '--kube-context']);
    // a server or kubeconfig of its own sends the call elsewhere whatever the context is called
    const elsewhere = argv.some((a) => REDIRECTED.test(a));
    if (context !== undefined && LOCAL_KUBE_CONTEXT.test(context) && !elsewhere) return true;
    if (cmd.name !== 'helm' && finishedRuns(argv, verb)) return true;
  }
  if (cmd.name === 'vercel' && previewVariable(argv)) return true;
  // `terraform destroy` acts on the current workspace's state, which no word of it names
  if (STATE_TOOLS.has(cmd.name) && argv[verb] !== 'delete') return false;
  return verb > 0 && ephemeralTargets(argv, verb, kube);
}
