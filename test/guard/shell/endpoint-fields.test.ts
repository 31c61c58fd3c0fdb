// A secret manager asked for the address of an API (its base URL, its endpoint, its host): no
// secret is printed; a password, token, key, connection URL or webhook URL stays a read.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit } from './intent-kit.js';

const kit = useShellKit();

describe('secret manager fields that name an API address', () => {
  itRaisesIntents(kit, [
    [
      'credential_read',
      [
        'vault kv get -field=password secret/dev/notification-worker',
        'vault kv get -field=api_key secret/dev/notification-worker',
        'vault kv get -field=url secret/dev/notification-worker',
        'vault kv get -field=webhook_url secret/dev/slack',
        'vault kv get -field=api_base -field=token secret/dev/notification-worker',
        'vault read -field=secret_key aws/creds/dev',
        'op read op://dev/notification-worker/credential',
        'op item get notification-worker --fields endpoint,password',
        'vault kv get secret/dev/notification-worker',
      ],
      [
        'vault kv get -field=api_base secret/dev/notification-worker',
        'vault kv get -field base_url secret/dev/notification-worker',
        'vault kv get -mount=secret -field=endpoint dev/search',
        'vault read -field=api_host kv/data/dev/mailer',
        'op read op://dev/notification-worker/apiBaseUrl',
        'op item get notification-worker --fields endpoint,region',
      ],
    ],
  ]);
});
