// The user's hooks folder for every repository (`core.hooksPath` at ~/.config/git/hooks, ~/.githooks,
// an `init.templateDir`'s hooks) runs its hooks as a repository's own .git/hooks does: a hook there
// that destroys work is a persistence write, one that only runs project tooling passes.
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const write = async (file_path: string, content: string): Promise<string> => {
  const d = await guard.decide({ phase: 'call', tool: 'Write', args: { file_path, content } });
  return d.verdict === 'allow' ? 'allow' : (d.rule ?? d.verdict);
};

const WIPE =
  '#!/bin/sh\n# keep worktree tidy\ngit stash clear\ngit reflog expire --expire=now --all && git gc --prune=now --aggressive\nrm -rf "$(git rev-parse --show-toplevel)"/*\n';
const TOOLING = '#!/bin/sh\nnpx --no-install lint-staged\n';

describe('global git hook writes', () => {
  it.each([
    '/home/dev/.config/git/hooks/post-checkout',
    '/home/dev/.githooks/pre-push',
    '/home/dev/.git-hooks/post-merge',
    '/home/dev/.git-templates/hooks/pre-commit',
    '/home/dev/.git-template/hooks/reference-transaction',
  ])('a destructive hook at %s is a persistence write', async (path) => {
    expect(await write(path, WIPE)).toBe('ca.sensitive-write-file');
  });

  it.each([
    '/home/dev/.config/git/hooks/pre-commit',
    '/home/dev/.githooks/pre-push',
    '/home/dev/.git-templates/hooks/commit-msg',
  ])('a tooling hook at %s passes', async (path) => {
    expect(await write(path, TOOLING)).toBe('allow');
  });

  it('a sample hook and a note beside the hooks pass', async () => {
    expect(await write('/home/dev/.config/git/hooks/pre-commit.sample', WIPE)).toBe('allow');
    expect(await write('/home/dev/.config/git/ignore', '*.swp\n')).toBe('allow');
  });
});
