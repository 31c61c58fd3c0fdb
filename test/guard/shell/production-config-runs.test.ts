// Configuration-management runs that tear production down: an ansible playbook against a
// production inventory or limit with destructive tags, variables or playbook; a salt state or chef
// run list of the same kind. Beside check runs, staging inventories and ordinary tags.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'infra_destroy',
    [
      'ansible-playbook -i inventories/production site.yml --tags decommission -e confirm_wipe=yes --limit dbservers',
      'ansible-playbook -i inventories/prod/hosts.ini teardown.yml',
      'ansible-playbook -i hosts site.yml --limit prod-db --tags wipe_data',
      `ansible-playbook -i inventory/production.yml playbooks/db.yml --extra-vars '{"drop_database": true}'`,
      'ansible-playbook site.yml -e env=production -e destroy=true',
      'ansible-playbook --inventory=inventories/live site.yml --tags=purge_volumes',
      'ansible-playbook -i inventories/production site.yml --extra-vars state=decommissioned',
      'ansible-playbook -i inventories/production site.yml --tags deploy,decommission --diff',
      "salt -G 'env:prod' state.apply decommission",
      "salt 'prod-db*' state.sls mysql.purge",
      "chef-client -E production -o 'recipe[db::teardown]'",
    ],
    [
      'ansible-playbook -i inventories/staging site.yml --check',
      'ansible-playbook site.yml --tags deploy',
      'ansible-playbook -i inventories/production site.yml --tags decommission --check',
      'ansible-playbook -i inventories/production site.yml --tags deploy --diff',
      'ansible-playbook -i inventories/staging site.yml --tags decommission -e confirm_wipe=yes',
      'ansible-playbook -i inventories/production site.yml --tags nginx,certs -e confirm_wipe=no',
      'ansible-playbook -i inventories/production site.yml --skip-tags decommission',
      'ansible-playbook -i inventories/production site.yml --list-tasks --tags decommission',
      "salt 'prod-*' state.apply nginx",
      "salt 'dev-*' state.apply teardown",
      "chef-client -E production -o 'recipe[nginx::default]'",
    ],
  ],
];

describe('configuration runs against production', () => {
  itRaisesIntents(kit, TABLE);
});
