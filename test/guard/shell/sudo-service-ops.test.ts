// sudo to restart, reload or read the state of a packaged service, read its logs or list listening
// sockets passes; stopping or disabling it, a project or security unit, journal writes and every
// other sudo stay a privilege change (docs/guard.md "Shell analysis").
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const rule = bashRule('/home/dev/shop');

describe('sudo service operations', () => {
  it.each([
    'sudo systemctl restart postgresql@16-main && journalctl -u postgresql@16-main --no-pager -n 50',
    'sudo systemctl reload nginx',
    'sudo systemctl status redis-server --no-pager',
    'sudo journalctl -u mysql.service --no-pager -n 100',
    'sudo ss -tlnp',
    'sudo lsof -i :5432',
    'sudo systemctl restart php8.2-fpm nginx',
  ])('passes: %s', async (c) => {
    expect(await rule(c)).toBe('allow');
  });
  it.each([
    'sudo systemctl stop postgresql',
    'sudo systemctl disable --now ufw',
    'sudo systemctl restart sshd',
    'sudo systemctl restart auditd',
    'sudo systemctl restart shop-api',
    'sudo systemctl mask apparmor',
    'sudo systemctl -H prod.example.net restart nginx',
    'sudo systemctl edit nginx',
    'sudo journalctl --vacuum-time=1s',
    'sudo journalctl -u sshd',
    'sudo journalctl',
    'sudo lsof -p 1 /etc/shadow',
    'sudo ss -K dst 10.0.0.5',
    'sudo tee /etc/nginx/nginx.conf',
  ])('stays flagged: %s', async (c) => {
    expect(await rule(c)).not.toBe('allow');
  });
});
