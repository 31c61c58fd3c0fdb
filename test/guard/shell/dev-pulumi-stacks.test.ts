// A Pulumi stack named for one developer's or a test environment torn down, beside the same
// destroy of a production, staging, shared or unnamed stack, which stays infra_destroy.
import { describe } from 'vitest';
import {
  commandLines as read,
  itRaisesIntents,
  useShellKit,
  type IntentTable,
} from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'infra_destroy',
    read(String.raw`
      pulumi destroy --stack prod --yes
      pulumi destroy --stack dev-shared --yes
      pulumi destroy --stack staging-dev --yes
      pulumi destroy -s acme/api/dev --yes --target-dependents --cwd ../live
      pulumi destroy --yes
      pulumi destroy --stack payments --yes
      terraform destroy -var-file=dev.tfvars -auto-approve
    `),
    read(String.raw`
      pulumi destroy --stack dev-jmorgan --yes
      pulumi destroy -s acme/api/test --yes
      pulumi destroy --stack=dev --yes
      pulumi stack rm --stack jmorgan-dev --yes
      pulumi down -s sandbox-42 -y
    `),
  ],
];

describe('pulumi stacks named for development', () => {
  itRaisesIntents(kit, TABLE);
});
