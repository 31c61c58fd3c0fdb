// Volume removals and prunes confined to the working folder's compose project are routine; the same
// commands on another project's volumes, an unscoped prune or a remote engine stay escalated,
// through the built-in pack in process with the call's folder.
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const bash = (command: string, cwd: string) =>
  guard.decide({ phase: 'call', tool: 'Bash', args: { command }, cwd });

describe("the working folder's compose project", () => {
  it.each([
    ['docker volume rm billing-api_pgdata', '/home/dev/billing-api'],
    ['docker volume rm -f billing-api_pgdata billing-api_redis', '/home/dev/Billing-API'],
    [
      "docker system prune -af --volumes --filter 'label=com.docker.compose.project=orders-api'",
      '/home/dev/orders-api',
    ],
    ['docker volume prune -f --filter label=com.docker.compose.project=shop', '/srv/work/shop'],
  ])('%s in %s is allowed', async (cmd, cwd) => {
    expect((await bash(cmd, cwd)).verdict).toBe('allow');
  });

  it.each([
    ['docker volume rm billing-api_pgdata', '/home/dev/orders-api'],
    ['docker volume rm billing-api_pgdata payments_pgdata', '/home/dev/billing-api'],
    ['docker volume rm billing-api', '/home/dev/billing-api'],
    ['docker -H tcp://10.0.0.5:2375 volume rm billing-api_pgdata', '/home/dev/billing-api'],
    ['docker system prune -af --volumes', '/home/dev/orders-api'],
    [
      "docker system prune -af --volumes --filter 'label=com.docker.compose.project=payments'",
      '/home/dev/orders-api',
    ],
    ['docker volume rm billing-api_pgdata', '/'],
  ])('%s in %s escalates', async (cmd, cwd) => {
    const d = await bash(cmd, cwd);
    expect([d.verdict, d.rule]).toEqual(['escalate', 'ca.infra-destroy']);
  });
});
