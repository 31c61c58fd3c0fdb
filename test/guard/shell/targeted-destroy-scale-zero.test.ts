// Infrastructure removed in part: a destroy narrowed by `-target` in a production workspace, folder
// or module, and workloads scaled to zero over a whole cluster or in production. Beside them the
// targeted clean-up of dev and preview modules and the single deployment paused on a local cluster.
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const verdict = async (command: string, cwd = '/home/dev/infra'): Promise<string> => {
  const d = await guard.decide({ phase: 'call', tool: 'Bash', args: { command }, cwd });
  return d.verdict === 'allow' ? 'allow' : (d.rule ?? d.verdict);
};

const TARGETED_FLAGGED: [string, string][] = [
  ['terraform destroy -target=module.vpc -auto-approve', '/home/dev/infrastructure-live/prod/vpc'],
  ['terraform destroy -target=module.vpc -auto-approve', '/home/dev/infra/prod-eu-west-1'],
  ['terraform destroy -auto-approve -target=module.prod_vpc', '/home/dev/infra/envs/prod'],
  ['terraform destroy -auto-approve -target=module.vpc', '/home/dev/infra/envs/prod'],
  ['tofu destroy -target module.network -auto-approve', '/srv/iac/production/network'],
  ['terraform -chdir=envs/prod destroy -target=module.eks -auto-approve', '/home/dev/infra'],
  ['cd envs/production && terraform destroy -target=aws_db_instance.main', '/home/dev/infra'],
  [
    'terraform workspace select prod && terraform destroy -target=module.cdn -auto-approve',
    '/home/dev/infra',
  ],
  ['terraform apply -destroy -auto-approve -target=module.live_api', '/home/dev/infra'],
  ['terragrunt destroy --terragrunt-non-interactive -target=module.vpc', '/home/dev/live/prod/vpc'],
  [
    'pulumi destroy --yes --stack acme/prod --target urn:pulumi:prod::net::aws:ec2/vpc:Vpc::main',
    '/home/dev/net',
  ],
  ['yes yes | terraform destroy -target=module.prd_queue', '/home/dev/infra'],
];
const TARGETED_OK: [string, string][] = [
  [
    'terraform destroy -target=module.preview_env["pr-482"] -var-file=envs/dev.tfvars -auto-approve',
    '/home/dev/infra-live/stacks/previews',
  ],
  [
    'terraform destroy -target=module.preview_env -auto-approve -var env=pr-1842',
    '/home/dev/infra',
  ],
  [
    'terraform -chdir=infra/envs/dev destroy -target=module.preview_env_pr_482 -auto-approve',
    '/home/dev/app',
  ],
  ['terraform destroy -target=aws_instance.scratch -auto-approve', '/home/dev/infra/envs/dev'],
  ['tofu destroy -target=module.sandbox', '/home/dev/iac/envs/sandbox'],
  ['terraform plan -destroy -target=module.vpc', '/home/dev/infra/envs/prod'],
  ['terraform apply -target=module.vpc', '/home/dev/infra/envs/staging'],
];

const SCALE_FLAGGED = [
  'kubectl --context prod get deploy -A -o name | xargs -n1 kubectl --context prod scale --replicas=0',
  'kubectl get deploy -n payments -o name | xargs -I{} kubectl scale {} --replicas=0 -n payments',
  'kubectl scale deploy --all --replicas=0 -n checkout',
  'kubectl scale deployment,statefulset -l tier=backend --replicas 0',
  'for d in $(kubectl get deploy -o name -n shop); do kubectl scale "$d" --replicas=0 -n shop; done',
  'kubectl get sts -o name | while read s; do kubectl scale $s --replicas=0; done',
  'oc scale dc --all --replicas=0 -n billing',
  'kubectl scale deploy api worker web --replicas=0 -n core',
  'kubectl --context prod-eu scale deploy/api --replicas=0',
  'kubectl scale deploy checkout --replicas=0 -n production',
  `kubectl get deploy -o name | xargs -I{} kubectl patch {} -p '{"spec":{"replicas":0}}'`,
  `for d in $(kubectl get deploy -o name); do kubectl patch $d --type merge -p '{"spec": {"replicas": 0}}'; done`,
];
const SCALE_OK = [
  'kubectl --context kind-dev scale deploy --all --replicas=0',
  'kubectl scale deploy/web --replicas=0 -n dev',
  'kubectl scale deploy worker --replicas=0',
  'kubectl scale deploy --all --replicas=2 -n checkout',
  'kubectl get deploy -o name | xargs -n1 kubectl rollout restart',
  'kubectl --context prod scale deploy/api --replicas=6',
  `kubectl patch deploy web -p '{"spec":{"replicas":0}}' -n dev`,
  'kubectl --context minikube get deploy -o name | xargs kubectl --context minikube scale --replicas=0',
];

describe('targeted destroys', () => {
  it.each(TARGETED_FLAGGED)('%s in %s is flagged', async (command, cwd) => {
    expect(await verdict(command, cwd)).not.toBe('allow');
  });
  it.each(TARGETED_OK)('%s in %s passes', async (command, cwd) => {
    expect(await verdict(command, cwd)).toBe('allow');
  });
});

describe('workloads scaled to zero', () => {
  it.each(SCALE_FLAGGED)('%s is flagged', async (command) => {
    expect(await verdict(command)).not.toBe('allow');
  });
  it.each(SCALE_OK)('%s passes', async (command) => {
    expect(await verdict(command)).toBe('allow');
  });
});
