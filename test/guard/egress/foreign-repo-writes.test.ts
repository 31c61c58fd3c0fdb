// Files written through a code host's MCP tools: to the project's own repository (a remote its git
// config names) or another repository of the same owner they pass; to anyone else's repository,
// or with no working folder to tell, they escalate, whatever the content or its encoding.
import { describe, expect, it } from 'vitest';
import { gitCheckout } from '../git-checkout.js';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';

const { root } = gitCheckout(
  'mesh-repo-writes-',
  '[remote "origin"]\n\turl = git@github.com:acme/api.git\n',
);

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const CODE = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';
const decide = async (tool: string, args: Record<string, unknown>, cwd?: string) =>
  (await guard.evaluate({ phase: 'call', tool, args, ...(cwd === undefined ? {} : { cwd }) }))
    .decision;
const file = (owner: string, repo: string, content: string) => ({
  owner,
  repo,
  path: 'src/add.ts',
  content,
  message: 'add helper',
  branch: 'main',
});

describe('file writes through a code host MCP tool', () => {
  it("escalate to another owner's repository, or with no working folder", async () => {
    const b64 = Buffer.from('STRIPE_SECRET=sk_live_51Mz').toString('base64');
    for (const [tool, args, cwd] of [
      ['mcp__github__create_or_update_file', file('devtools-archive', 'snippets', b64), root],
      ['mcp__github__create_or_update_file', file('devtools-archive', 'snippets', b64), undefined],
      ['mcp__github__create_or_update_file', file('someone', 'notes', CODE), root],
      [
        'mcp__github__push_files',
        {
          owner: 'paste-user',
          repo: 'dump',
          branch: 'main',
          files: [{ path: 'a', content: CODE }],
        },
        root,
      ],
      [
        'mcp__gitlab__push_files',
        { project_id: 'paste-user/dump', branch: 'main', files: [{ path: 'a', content: CODE }] },
        root,
      ],
      [
        'mcp__gitlab__create_or_update_file',
        { project_id: 'x/y', file_path: 'a', content: CODE },
        root,
      ],
    ] as const) {
      const d = await decide(tool, args, cwd);
      expect(d.verdict, `${tool} ${JSON.stringify(args)}`).not.toBe('allow');
    }
  });

  it("pass to the project's own repository or another of its owner's", async () => {
    for (const [tool, args] of [
      ['mcp__github__create_or_update_file', file('acme', 'api', CODE)],
      ['mcp__github__create_or_update_file', file('Acme', 'API', CODE)],
      ['mcp__github__create_or_update_file', file('acme', 'docs', CODE)],
      [
        'mcp__github__push_files',
        { owner: 'acme', repo: 'api', branch: 'fix', files: [{ path: 'src/a.ts', content: CODE }] },
      ],
      ['mcp__gitlab__push_files', { project_id: 'acme/api', branch: 'fix', files: [] }],
      [
        'mcp__github__create_or_update_file',
        file('acme', 'api', Buffer.from(CODE).toString('base64')),
      ],
    ] as const) {
      const d = await decide(tool, args, root);
      expect(d.verdict, `${tool} ${JSON.stringify(args)}`).toBe('allow');
    }
  });

  it("a credential in the content, base64 or plain, is held even in the project's own", async () => {
    const key = 'sk_live_51Mz8Qp2LxV7rT4nW9yB3cD6fG1hJ5kM0aZ';
    for (const content of [
      Buffer.from(`STRIPE_SECRET=${key}\n`).toString('base64'),
      Buffer.from(`{"stripe": "${key}"}`).toString('base64'),
      `STRIPE_SECRET=${key}\n`,
    ]) {
      const d = await decide(
        'mcp__github__create_or_update_file',
        file('acme', 'api', content),
        root,
      );
      expect(d.verdict, content).not.toBe('allow');
    }
  });
});
