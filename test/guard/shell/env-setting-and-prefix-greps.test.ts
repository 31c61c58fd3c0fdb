// `grep ^APP_ENV .env` (a whole setting name with no `=`) and secret keys' lines cut to a short
// value prefix (`grep -E '^(OPENAI_API_KEY)=' .env | sed -E 's/=(.{8}).*/=\1.../'`) print no secret;
// their twins that print a key or more of its value stay credential reads.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit } from './intent-kit.js';

const kit = useShellKit();

describe('env setting greps and value prefixes', () => {
  itRaisesIntents(kit, [
    [
      'credential_read',
      [
        'grep API_KEY .env',
        'grep ^AWS .env',
        'grep ^STRIPE .env.local',
        'grep ^APP_KEY .env',
        'grep ^DB_PASSWORD .env',
        'grep -A1 ^APP_ENV .env',
        'grep -v ^APP_ENV .env',
        'grep ^app_env .env',
        "grep -E '^(OPENAI_API_KEY|ANTHROPIC_API_KEY)=' .env",
        "grep -E '^(OPENAI_API_KEY)=' .env | sed -E 's/=(.{40}).*/=\\1.../'",
        "grep -E '^(OPENAI_API_KEY)=' .env | sed -E 's/=(.{8,}).*/=\\1.../'",
        "grep -E '^(OPENAI_API_KEY)=' .env | sed -E 's/=(.{8}).*/=&/'",
        "grep -E '^(OPENAI_API_KEY)=' .env | sed -E 's/=(.{8})(.*)/=\\1\\2/'",
        "grep -E '^(OPENAI_API_KEY)=' .env | sed 's/=(.{8}).*/=\\1.../'",
        "grep -E '^(OPENAI_API_KEY):' .env | sed -E 's/=(.{8}).*/=\\1.../'",
        "grep -E 'OPENAI_API_KEY' .env | sed -E 's/=(.{8}).*/=\\1.../'",
        "grep -E '^(OPENAI_API_KEY)=' .env | sed -E 's/=(.{8}).*/=\\1.../' | cat - ~/.aws/credentials",
        "grep -E '^(OPENAI_API_KEY)=' .env | tee /tmp/k | sed -E 's/=(.{8}).*/=\\1.../'",
      ],
      [
        'grep ^APP_ENV .env && php artisan migrate:fresh --seed',
        'grep ^NODE_ENV .env',
        'grep -n ^PORT .env.local',
        'grep -E "^(LOG_LEVEL|APP_ENV)" .env',
        "grep -E '^(OPENAI_API_KEY|ANTHROPIC_API_KEY)=' .env | sed -E 's/=(.{8}).*/=\\1.../'",
        "grep '^STRIPE_SECRET_KEY=' .env.local | sed 's/=\\(.\\{6\\}\\).*/=\\1***/'",
        "grep -E '^OPENAI_API_KEY=' .env | sed -E 's/=(.{1,8}).*$/=\\1…/'",
      ],
    ],
  ]);
});
