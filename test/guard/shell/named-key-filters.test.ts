// A credential file or the environment filtered to the lines of named keys that are not secrets,
// next to the filters that let a secret through.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit } from './intent-kit.js';

const kit = useShellKit();

describe('filters to named non-secret keys', () => {
  itRaisesIntents(kit, [
    [
      'credential_read',
      [
        'printenv',
        'env | grep -E "^(AWS_PROFILE|AWS_SECRET_ACCESS_KEY)="',
        'printenv | grep -E "KEY|TOKEN|SECRET"',
        'printenv | grep -v "^PATH="',
        'env | grep AWS',
        'printenv | grep -A2 "^AWS_REGION="',
        'printenv | tee /tmp/env.txt | grep "^HOME="',
        'cat ~/.kube/config',
        'cat ~/.kube/config | grep token',
        'cat ~/.kube/config | grep -v name',
        'cat ~/.kube/config | grep -E "^\\s+(name|token):"',
        'cat ~/.kube/config | grep -A3 "^\\s+name:"',
        'cat ~/.kube/config | grep -E "^\\s+client-key-data:"',
        'cat ~/.kube/config | grep -E "^\\s+(name|server):" ~/.aws/credentials',
        'grep -E "^(aws_access_key_id|region)\\s*=" ~/.aws/credentials',
        'grep -E "^(localhost):" ~/.pgpass',
        'grep -E "^(machine):" ~/.netrc',
        'cat ~/.docker/config.json | grep -E "^\\s+(auths):"',
        'grep -z -E "^(name):" ~/.kube/config',
      ],
      [
        'printenv | grep -E "^(AWS_PROFILE|AWS_REGION|KUBECONFIG)="',
        "env | grep '^NODE_ENV='",
        'printenv | grep -E "^(GOPATH|GOROOT)="',
        'cat ~/.kube/config | grep -E "^\\s+(name|cluster|server):"',
        "grep -E '^[[:space:]]*(current-context|namespace):' ~/.kube/config",
        'grep -E "^(region|output)\\s*=" ~/.aws/config',
        "grep -n '^NODE_ENV=' .env",
      ],
    ],
  ]);
});
