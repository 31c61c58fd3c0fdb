// `mesh publish --members FILE` (docs/GOVERNANCE.md "Membership"): both signed lists become TUF
// targets of the repository, byte for byte; a file that does not verify is never published.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMemberList, parseRevocationList } from '../../governance/index.js';
import { tempDir } from '../dap/support.js';
import { expectOk, maintainer, meshJson } from './publish-subscribe.js';

describe('mesh publish --members', () => {
  it('publishes the member and revocation lists as targets and refuses a tampered file', async () => {
    const m = await maintainer(tempDir('tokens-publish'), 120_000);
    const file = join(m.work, 'membership.json');
    const auth = ['--file', file, '--key', join(m.work, 'authority.key')];
    expectOk(
      await meshJson([
        'keys',
        'new',
        '--role',
        'membership',
        '--out',
        join(m.work, 'authority.key'),
      ]),
    );
    expectOk(await meshJson(['members', 'init', ...auth]));
    const org = expectOk(
      await meshJson(['org', 'new', '--name', 'acme', '--out', join(m.work, 'acme.key')]),
    );
    expectOk(
      await meshJson([
        'members',
        'add',
        ...auth,
        '--name',
        'acme',
        '--public-key',
        String(org.json.public_key),
      ]),
    );
    const tampered = join(m.work, 'tampered.json');
    writeFileSync(tampered, readFileSync(file, 'utf8').replace('"tier": 3', '"tier": 1'));
    const bad = await meshJson([
      'publish',
      '--members',
      tampered,
      '--repo',
      m.repo,
      '--keys',
      m.keys,
      '--profile',
      'demo',
    ]);
    expect(bad.code).not.toBe(0);
    expectOk(
      await meshJson(
        ['publish', '--members', file, '--repo', m.repo, '--keys', m.keys, '--profile', 'demo'],
        {
          timeoutMs: 120_000,
        },
      ),
    );
    const dir = join(m.repo, 'targets', 'tasks', 'membership');
    const names = readdirSync(dir);
    const read = (suffix: string) => {
      const n = names.find((x) => x.endsWith(suffix));
      if (n === undefined) throw new Error(`no ${suffix} target`);
      return JSON.parse(readFileSync(join(dir, n), 'utf8')) as unknown;
    };
    const authority = (JSON.parse(readFileSync(file, 'utf8')) as { members: { authority: string } })
      .members.authority;
    expect(parseMemberList(read('.members.json'), authority).members.map((x) => x.name)).toEqual([
      'acme',
    ]);
    expect(parseRevocationList(read('.revocations.json'), authority).revocations).toEqual([]);
    expectOk(
      await meshJson(['verify', '--repo', m.repo, '--log-key', m.logKey, '--allow-no-witness'], {
        timeoutMs: 120_000,
      }),
    );
  }, 300_000);
});
