// Internal host names posted to a repository: to the project's own (a remote its git config names)
// they stay in the organisation; to anyone else's they map the network and escalate.
import { describe, expect, it } from 'vitest';
import { gitCheckout } from '../git-checkout.js';
import { createGuard } from '../../../guard/index.js';
import { internalHosts } from '../../../guard/egress/internal-hosts.js';
import { loadPack } from '../../../packs/index.js';

const { root } = gitCheckout(
  'mesh-internal-',
  '[remote "origin"]\n\turl = git@github.com:acme/api.git\n',
);

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const BODY =
  '```yaml\ndatabase:\n  host: db-prod-1.acme.internal\n  replica: db-prod-2.acme.internal\n```';
const issue = async (owner: string, repo: string, body: string, cwd?: string) =>
  (
    await guard.evaluate({
      phase: 'call',
      tool: 'mcp__github__create_issue',
      args: { owner, repo, title: 'cfg', body },
      ...(cwd === undefined ? {} : { cwd }),
    })
  ).decision;

describe('internal host names posted to a repository', () => {
  it("escalate to another owner's repository, pass to the project's own", async () => {
    expect((await issue('throwaway-7731', 'notes', BODY, root)).rule).toBe(
      'ca.internal-names-egress',
    );
    expect((await issue('throwaway-7731', 'notes', BODY)).rule).toBe('ca.internal-names-egress');
    expect((await issue('acme', 'api', BODY, root)).verdict).toBe('allow');
  });

  it('one internal name, or public names and loopback, pass', async () => {
    expect((await issue('x', 'y', 'db-prod-1.acme.internal is slow')).verdict).toBe('allow');
    expect((await issue('x', 'y', 'see docs.example.com and localhost:5432')).verdict).toBe(
      'allow',
    );
  });

  it('reads names under private suffixes and private IPv4 ranges, not public addresses', () => {
    expect(internalHosts('a.corp b.lan c.home.arpa 10.1.2.3 172.16.0.1 192.168.1.1')).toHaveLength(
      6,
    );
    expect(internalHosts('8.8.8.8 172.32.0.1 example.com internal')).toEqual([]);
  });
});
