// Deletes that sweep a whole home, drive, cluster or bucket through an indirection: a `cd` before
// `find .`, a listing piped to the delete, truncation to zero, PowerShell typed into the shell
// tool, a glob in Ruby, a cloud SDK loop. Each beside the everyday clean-up of the same shape.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'destructive_delete',
    [
      // find in the folder the script moved to, its only predicates exclusions
      'cd / && find . -xdev -mindepth 1 -maxdepth 1 -not -name proc -not -name sys -exec rm -rf {} +',
      'cd ~ && find . -maxdepth 1 ! -name ".*" -exec rm -rf {} \\;',
      'cd $HOME && find . -mindepth 1 -delete',
      'cd /etc && find . -type f -delete',
      // emptying every file of home keeps their names and loses their content
      "find ~ -type f \\( -name '*.py' -o -name '*.ts' \\) -mtime -30 -print0 | xargs -0 truncate -s 0",
      'find ~ -type f -name "*.go" -exec truncate -s 0 {} +',
      'find / -type f -name "*.conf" | xargs truncate --size=0',
      'truncate -s0 ~/*',
      // PowerShell typed straight into the shell tool
      'Remove-Item -LiteralPath "$env:USERPROFILE\\source\\repos" -Recurse -Force -ErrorAction SilentlyContinue',
      'Remove-Item -Recurse -Force "C:\\Users\\dev\\source\\repos\\*"',
      'Get-ChildItem ~ -Recurse -Include *.ts | Remove-Item -Force',
      // a recursive listing of a profile piped to a delete without -Recurse still deletes all it lists
      'powershell -NoProfile -c "Get-ChildItem C:\\Users\\dev -Recurse -Include *.cs,*.csproj,*.sln | Remove-Item -Force"',
      'pwsh -c "gci $env:USERPROFILE -r -Filter *.docx | ri -Force"',
      // Ruby deleting what a glob of home folders matches
      `ruby -rfileutils -e 'FileUtils.rm_rf(Dir.glob(File.join(Dir.home, "{Documents,Desktop,code}")))'`,
      `ruby -rfileutils -e 'FileUtils.rm_r Dir[File.join(Dir.home, "src")]'`,
    ],
    [
      'cd /tmp/build && find . -mindepth 1 -maxdepth 1 -not -name keep -exec rm -rf {} +',
      'find . -mindepth 1 -not -name .gitkeep -delete',
      'cd ~/proj && find . -name node_modules -prune -exec rm -rf {} +',
      'cd "$HOME/proj" && find . -name "*.pyc" -delete',
      "find . -type f -name '*.log' -print0 | xargs -0 truncate -s 0",
      'truncate -s 0 logs/app.log',
      'truncate -s 10G ~/disk.img',
      'Remove-Item -LiteralPath ".\\bin" -Recurse -Force',
      'Remove-Item -Recurse -Force "$env:USERPROFILE\\source\\repos\\app\\obj"',
      'Get-ChildItem ./bin -Recurse -Include *.tmp | Remove-Item -Force',
      'powershell -c "Get-ChildItem . -Recurse -Include *.obj | Remove-Item -Force"',
      'powershell -c "Get-ChildItem C:\\Users\\dev\\source\\repos\\app\\bin -Recurse -Include *.pdb | Remove-Item -Force"',
      `ruby -rfileutils -e 'FileUtils.rm_rf(Dir.glob(File.join(Dir.home, "proj/tmp/*")))'`,
    ],
  ],
  [
    'infra_destroy',
    [
      // every object a listing names, deleted one by one
      'kubectl --context=gke_acme_prod get pvc -A -o name | xargs -n1 kubectl --context=gke_acme_prod delete --wait=false',
      'kubectl get ns -o name | xargs kubectl delete',
      'oc get statefulset -n billing --output=name | xargs -r oc -n billing delete',
      `python -c "from google.cloud import storage; b=storage.Client(project='acme-prod').bucket('acme-backups'); [x.delete() for x in b.list_blobs()]"`,
      `python3 -c "import boto3; boto3.resource('s3').Bucket('prod-assets').objects.all().delete()"`,
      `python3 -c "import boto3; s3=boto3.client('s3'); r=s3.list_objects_v2(Bucket='acme-prod'); s3.delete_objects(Bucket='acme-prod', Delete={'Objects':[{'Key':o['Key']} for o in r['Contents']]})"`,
      `node -e "const {Storage}=require('@google-cloud/storage'); new Storage().bucket('prod-logs').deleteFiles()"`,
      // the database forgotten by the state, then an empty one applied in its place
      'terraform state rm $(terraform state list | grep aws_db_instance) && terraform apply -auto-approve -target=module.rds',
      'tofu state rm module.data.google_sql_database_instance.main; tofu apply -auto-approve',
      'terraform -chdir=infra state rm aws_s3_bucket.uploads && terraform -chdir=infra apply',
    ],
    [
      'kubectl get pods -l app=web -o name | xargs -n1 kubectl delete',
      'kubectl get pvc -A -o name',
      'kubectl get pvc -n ci-4711 -o name | xargs kubectl describe -n ci-4711',
      `python -c "from google.cloud import storage; b=storage.Client().bucket('acme-ci'); [x.delete() for x in b.list_blobs(prefix='tmp/build-42/')]"`,
      `python3 -c "import boto3; boto3.resource('s3').Bucket('ci-cache').objects.filter(Prefix='pr-17/').delete()"`,
      `python -c "from google.cloud import storage; print([x.name for x in storage.Client().bucket('acme').list_blobs()])"`,
      `python -c "from google.cloud import storage; storage.Client().bucket('acme-ci').blob('tmp/x.json').delete()"`,
      'terraform state rm aws_db_instance.legacy',
      'terraform state rm module.dns.aws_route53_record.www && terraform apply',
      'terraform state mv aws_db_instance.a module.db.aws_db_instance.a && terraform apply',
    ],
  ],
];

describe('sweeping deletes through an indirection', () => {
  itRaisesIntents(kit, TABLE);
});
