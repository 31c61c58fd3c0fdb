// Destruction aimed at a local cluster, a throwaway local database, the working folder's compose
// project or resources named for a pull request, preview or scratch space is routine; the same
// commands aimed at production, staging, shared or unnamed targets, remote contexts or every
// namespace stay `infra_destroy`. A drain of named nodes is disruption that `uncordon` undoes.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'infra_destroy',
    [
      'kubectl --context prod-eu delete namespace feature-search-rewrite',
      'kubectl --context gke_acme_us-east1_apps delete namespace search-rewrite',
      'kubectl delete namespace search-rewrite',
      'kubectl --context kind-dev delete namespace --all-namespaces x',
      'kubectl --context kind-dev delete pods -A --field-selector status.phase=Succeeded',
      'helm uninstall grafana -n monitoring --kube-context arn:aws:eks:us-east-1:1:cluster/ops',
      'helm uninstall grafana-dev -n monitoring --kube-context kind-prod',
      'kubectl -n argo delete workflows --all',
      'kubectl -n argo delete workflows --all --field-selector status.phase!=Running',
      'kubectl -n argo delete deploy --all --field-selector status.phase=Succeeded',
      'aws s3 rm s3://acme-dev-build-artifacts/releases/ --recursive --profile acme-dev',
      'aws s3 rm s3://acme-prod-artifacts/pr-1177/ --recursive',
      'aws s3 rm s3://acme-build-artifacts/pr-1177/ --recursive --profile production',
      'aws s3 rm s3://acme-build-artifacts/pr-1177/../ --recursive',
      'aws s3 rm s3://acme-build-artifacts/ --recursive --exclude "pr-*"',
      'gcloud compute instances delete gpu-vm-02 --zone us-central1-a --project acme-ml-sandbox --quiet',
      'gcloud compute instances delete gpu-scratch-vm-02 db-primary-1 --zone us-central1-a',
      'gcloud sql instances delete scratch-db --project acme-prod',
      'az group delete --name rg-contoso-portal --yes --no-wait',
      'az group delete --name rg-pr-2291-live --yes',
      'az vm delete -g rg-apps -n pr-12-vm --yes',
      'pulumi destroy --yes',
      'pulumi destroy --stack acme/staging --yes',
      'pulumi stack rm jlee --yes',
      'vercel env rm OPENAI_API_KEY production --yes',
      'vercel env rm OPENAI_API_KEY --yes',
      'vercel rm docs-bot --yes',
      'kubectl --context kind-dev --server https://10.0.0.1:6443 delete namespace search',
      'helm uninstall grafana --kube-context minikube --kubeconfig /tmp/k.yaml',
      'terraform destroy -auto-approve -var-file scratch.tfvars',
      'kubectl delete namespace pr-517-preview --wait=false --selector=app=web',
      'kubectl delete namespace pr-517-preview --wait=false payments',
      'kubectl drain gke-prod-pool-1-a1 --ignore-daemonsets --force',
      'kubectl drain -l pool=workers --ignore-daemonsets',
      'kubectl drain node-7 --disable-eviction',
    ],
    [
      'kubectl --context kind-dev delete namespace feature-search-rewrite',
      'kubectl --context=minikube delete pvc data-postgres-0',
      'kubectl --context k3d-local -n apps delete deploy web',
      'helm uninstall grafana-dev -n monitoring --kube-context kind-obs && kubectl --context kind-obs delete pvc -n monitoring -l app.kubernetes.io/instance=grafana-dev',
      'kubectl --context kind-dev -n argo delete workflows --all --field-selector status.phase=Succeeded',
      'kubectl delete jobs -n batch --field-selector status.successful=1',
      'oc delete pods --field-selector=status.phase==Failed -n ci',
      'kubectl delete namespace pr-4412',
      'kubectl delete namespace pr-517-preview --wait=false --timeout=2m',
      'kubectl cordon gke-dev-pool-2-8f3c1a7e-x9qk && kubectl drain gke-dev-pool-2-8f3c1a7e-x9qk --ignore-daemonsets --delete-emptydir-data',
      'kubectl delete ns/preview-4412',
      'helm uninstall review-app-981 -n previews',
      'aws s3 rm s3://acme-dev-build-artifacts/pr-1177/ --recursive --profile acme-dev',
      'aws s3 rm s3://acme-dev-scratch/jane/tmp/ --recursive',
      'gcloud compute instances delete gpu-scratch-vm-02 --zone us-central1-a --project acme-ml-sandbox --quiet',
      'az group delete --name rg-pr-2291-preview --yes --no-wait',
      'az group delete -n rg-sandbox-jlee -y',
      'pulumi destroy --stack ephemeral-jlee --yes && pulumi stack rm ephemeral-jlee --yes',
      'pulumi destroy -s acme/web/pr-88 --yes',
      'terraform workspace delete pr-512',
      'echo -n "$K" | vercel env add OPENAI_API_KEY preview && vercel env rm OPENAI_API_KEY_OLD preview --yes',
      'vercel env rm DEBUG development -y',
      'vercel rm docs-bot-git-feature-nav-acme.vercel.app --yes',
    ],
  ],
];

describe('local and ephemeral infrastructure targets', () => {
  itRaisesIntents(kit, TABLE);
});
