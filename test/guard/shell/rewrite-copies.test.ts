// A history rewrite in a copy made for it (a clone the command made and entered, a folder named for
// the rewrite or a mirror) is allowed; in a plain checkout, forced or not, in another folder the
// script enters, and the force push of its result stay escalated, through the built-in pack.
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const bash = (command: string, cwd?: string) =>
  guard.decide({
    phase: 'call',
    tool: 'Bash',
    args: { command },
    ...(cwd === undefined ? {} : { cwd }),
  });

describe('history rewrites in a copy made for them', () => {
  it.each([
    [
      'git filter-repo --path assets/raw_textures --invert-paths --force',
      '/home/dev/gamedev/voxel-engine-mirror-rewrite',
    ],
    ['git filter-repo --strip-blobs-bigger-than 50M', '/home/dev/work/api-mirror.git'],
    [
      "git filter-branch --index-filter 'git rm --cached --ignore-unmatch secrets.env' -- --all",
      '/tmp/app-rewrite',
    ],
    [
      'git filter-repo --replace-text ../expressions.txt --force',
      'C:\\Users\\dev\\src\\portal-filtered',
    ],
    [
      'git clone --mirror git@github.com:acme/voxel-engine.git && cd voxel-engine.git && git filter-repo --path big/ --invert-paths',
      '/home/dev',
    ],
    [
      'git clone https://github.com/acme/site.git site-clean && cd site-clean && git filter-repo --invert-paths --path media/',
      '/home/dev',
    ],
    [
      'git -C ../shop-history-rewrite filter-repo --path vendor/ --invert-paths --force',
      '/home/dev/shop',
    ],
  ])('%s in %s is allowed', async (cmd, cwd) => {
    expect((await bash(cmd, cwd)).verdict).toBe('allow');
  });

  it.each([
    [
      'git filter-repo --path assets/raw_textures --invert-paths --force',
      '/home/dev/gamedev/voxel-engine',
    ],
    ['git filter-repo --path assets/raw_textures --invert-paths --force', undefined],
    ["git filter-branch --tree-filter 'rm -f secrets.env' HEAD", '/home/dev/api'],
    ['cd ~/work/api && git filter-repo --path big/ --invert-paths --force', '/home/dev/api-mirror'],
    [
      'git clone --mirror git@github.com:acme/app.git && git filter-repo --path big/ --invert-paths --force',
      '/home/dev/app',
    ],
    [
      'git clone --mirror git@github.com:acme/app.git && cd ~/src/app && git filter-repo --invert-paths --path x --force',
      '/home/dev',
    ],
    ['git -C ../shop filter-repo --path vendor/ --invert-paths --force', '/home/dev/shop-mirror'],
  ])('%s in %s escalates', async (cmd, cwd) => {
    const d = await bash(cmd, cwd);
    expect([d.verdict, d.rule]).toEqual(['escalate', 'ca.history-rewrite']);
  });

  it('pushing the rewritten copy back is still a force push', async () => {
    const d = await bash(
      'git filter-repo --path big/ --invert-paths && git push --force --mirror origin',
      '/home/dev/app-mirror-rewrite',
    );
    expect(d.verdict).not.toBe('allow');
  });
});
