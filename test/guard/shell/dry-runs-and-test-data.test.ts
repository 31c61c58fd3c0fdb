// A documented dry run of a destructive CLI, `git clean -X` (ignored files only) and a test-named
// local volume are routine; the same commands run for real, reaching work or real data, are not.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'infra_destroy',
    [
      'aws s3 rm s3://acme-dev-data/jane/ --recursive',
      'aws s3 rm s3://acme-prod-data/ --recursive --dryrun=false',
      'kubectl delete namespace staging --dry-run=none',
      'docker volume rm myapp_pgdata',
      'docker volume rm myapp_pgdata_test billing_prod_test',
      'docker -H tcp://10.0.0.5:2375 volume rm myapp_pgdata_test',
    ],
    [
      'aws s3 rm s3://acme-dev-data/jane/ --recursive --dryrun',
      'kubectl delete namespace staging --dry-run=client',
      'kubectl delete deploy web --dry-run=server -o name',
      'docker system prune -f && docker volume rm myapp_pgdata_test',
      'docker volume rm -f web_redis_dev',
    ],
  ],
  [
    'discard_work',
    [
      'git clean -fdx',
      'git clean -fdxX',
      'git clean -fd',
      'git clean -fX -e "*.py"',
      'git clean -fdX -e "!.env" --exclude=src',
      "git clean -fXe '*.py'",
    ],
    [
      'git clean -fdX',
      'git clean -X -f -d',
      'git clean -fdn',
      'git clean -fd --dry-run',
      // a negated exclude keeps an ignored file: it removes nothing more
      "git clean -fdX -e '!.env.local'",
      'git clean -fX --exclude=!.env -e !.envrc',
    ],
  ],
  [
    'destructive_delete',
    ['rm -rf ~ -- --dry-run'],
    ['rsync -an --delete ./dist/ backup:/srv/site/'],
  ],
  [
    'credential_read',
    [
      'kubectl create secret generic api-keys --from-env-file=.env.staging -n staging --dry-run=client -o yaml',
      'kubectl create secret generic api-keys --from-env-file=.env.staging -n staging -o json',
    ],
    [
      'kubectl create secret generic api-keys --from-env-file=.env.staging -n staging --dry-run=client -o name',
      // the values go into the cluster, not the agent's output (docs/guard.md "Credential routing")
      'kubectl create secret generic api-keys --from-env-file=.env.staging -n staging',
    ],
  ],
];

describe('dry runs, ignored-file cleans and test-named volumes', () => {
  itRaisesIntents(kit, TABLE);
});
