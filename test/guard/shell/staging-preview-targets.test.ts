// A preview or pull-request resource is throwaway even when it lives in a staging cluster or
// namespace; a staging marker in the target itself, or production anywhere, keeps the command
// `infra_destroy` (docs/guard.md "Shell analysis").
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'infra_destroy',
    [
      'helm uninstall search-preview -n staging-previews --kube-context production',
      'helm uninstall search-preview -n prod-previews --kube-context staging',
      'helm uninstall staging-preview -n previews --kube-context staging',
      'helm uninstall search -n staging-previews --kube-context staging',
      'kubectl --context staging delete namespace search-api',
      'kubectl --context staging -n previews delete deploy web-staging-preview',
      'pulumi destroy --stack acme/staging-pr-12 --yes',
      'az group delete --name rg-pr-2291-stg --yes',
    ],
    [
      'helm uninstall search-preview -n staging-previews --kube-context staging',
      'helm uninstall pr-412 --namespace=staging --kube-context=stg-eu',
      'kubectl --context staging delete namespace pr-4412',
      'kubectl --context=staging-us -n previews delete deploy/web-preview',
      'oc -n stage-previews delete deploy review-app-77',
      'gcloud compute instances delete scratch-vm-02 --zone us-central1-a --project acme-staging',
      'aws s3 rm s3://acme-build-artifacts/pr-1177/ --recursive --profile acme-staging',
    ],
  ],
];

describe('preview targets inside staging clusters', () => {
  itRaisesIntents(kit, TABLE);
});
