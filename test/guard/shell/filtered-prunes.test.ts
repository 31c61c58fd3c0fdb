// Prunes their filters keep to housekeeping (an age filter without volumes, one compose project's
// label without `-a`) are allowed with no folder known; unfiltered, `-a`, volumes beside an age
// filter, a production project or another label stay escalated, through the built-in pack.
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const bash = (command: string) => guard.decide({ phase: 'call', tool: 'Bash', args: { command } });

describe('filtered docker and podman prunes', () => {
  it.each([
    "docker system prune -f --filter 'until=72h' && docker volume prune -f --filter label=com.docker.compose.project=next-shop",
    'docker system prune -a -f --filter until=168h',
    'podman system prune --all --force --filter=until=2024-01-01T00:00:00',
    'docker volume prune --force --filter "label=com.docker.compose.project=billing-api"',
    'podman volume prune -f --filter=label=com.docker.compose.project=orders_api',
    'docker system prune --volumes -f --filter label=com.docker.compose.project=web',
  ])('%s is allowed', async (cmd) => {
    expect((await bash(cmd)).verdict).toBe('allow');
  });

  it.each([
    'docker volume prune -a -f',
    'docker system prune -a --volumes -f',
    'docker volume prune -f',
    'docker volume prune -a -f --filter label=com.docker.compose.project=next-shop',
    'docker volume prune --all --force --filter label=com.docker.compose.project=next-shop',
    'docker system prune -af --volumes --filter until=72h',
    'docker volume prune -f --filter label=com.docker.compose.project=shop-prod',
    'docker volume prune -f --filter label=com.docker.compose.project=production',
    'docker volume prune -f --filter label=env=dev',
    'docker volume prune -f --filter label=com.docker.compose.project=a --filter label=com.docker.compose.project=b',
    'docker -H tcp://10.0.0.5:2375 volume prune -f --filter label=com.docker.compose.project=web',
  ])('%s escalates', async (cmd) => {
    const d = await bash(cmd);
    expect([d.verdict, d.rule]).toEqual(['escalate', 'ca.infra-destroy']);
  });
});
