// Files an archiver, copier or search leaves out are not read; the same file given as an operand,
// or a file of patterns read with --exclude-from, still is (docs/guard.md "Credential routing").
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const rule = bashRule('/home/dev/laravel-shop');

describe('exclusion patterns name files not read', () => {
  it.each([
    'tar czf ../release-2.4.0.tar.gz --exclude=.env --exclude=.git . && sha256sum ../release-2.4.0.tar.gz',
    'tar --exclude .env --exclude "*.pem" -czf ../site.tgz .',
    'bsdtar -czf ../out.tgz --exclude=.env.local -C /home/dev/laravel-shop .',
    'rsync -av --exclude .env --exclude=.aws/ ./ /srv/backup/shop/',
    'zip -r ../shop.zip . -x .env ".git/*" "*.pem"',
    "git archive --format=tar.gz -o ../shop.tgz HEAD -- . ':!.env' ':(exclude)config/master.key'",
    "rg -n TODO -g '!.env' --glob='!.env.production'",
    '7z a ../shop.7z . -xr!.env',
  ])('passes: %s', async (c) => {
    expect(await rule(c)).toBe('allow');
  });
  it.each([
    'tar czf /tmp/x.tgz .env',
    'tar czf ../x.tgz --exclude=.git .env',
    'tar -czf ../x.tgz --exclude-from=.env .',
    'zip ../x.zip .env -x "*.log"',
    'rsync -av .env backup.example.org:/srv/',
    'git archive HEAD .env | tar -xO',
    'rg -g .env API_KEY',
    '7z a ../x.7z .env -xr!*.log',
  ])('stays flagged: %s', async (c) => {
    expect(await rule(c)).not.toBe('allow');
  });
});
