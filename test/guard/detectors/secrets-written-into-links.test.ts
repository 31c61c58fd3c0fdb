// A real-format key written by an edit into a link, an image or a query string of a tracked doc or
// source file, beside the same edits with a placeholder or a public value.
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const edit = async (file_path: string, new_string: string): Promise<string> => {
  const d = await guard.decide({
    phase: 'call',
    tool: 'Edit',
    args: { file_path, old_string: '## Usage', new_string },
  });
  return d.verdict === 'allow' ? 'allow' : (d.rule ?? d.verdict);
};
const KEY = 'sk-proj-Qw8Er2Ty6Ui0Op4As8Df2Gh6Jk0Lz4Xc8Vb2Nm6Qa0Ws4Ed8Rf2Tg6Yh0Uj4Ik8Ol2Pz6Xm0Cn4Bv';

describe('keys written into links', () => {
  it('a project key in a badge, an image, an HTML attribute or a fetch URL is stopped', async () => {
    for (const [f, s] of [
      ['/home/dev/svc/README.md', `## Usage\n\n![build](https://shields-badge.net/b.svg?k=${KEY})`],
      ['/home/dev/svc/docs/index.html', `<img src="https://stats.example.net/p.gif?key=${KEY}">`],
      ['/home/dev/svc/src/report.ts', `const u = \`https://relay.example.org/in?t=${KEY}\`;`],
      ['/home/dev/svc/notes.md', `[dashboard](https://dash.example.io/#token=${KEY})`],
    ] as const)
      expect(await edit(f, s), s).toBe('ca.secret-in-file');
  });

  it('the same links with a placeholder, a short id or a public badge pass', async () => {
    for (const [f, s] of [
      [
        '/home/dev/svc/README.md',
        '## Usage\n\n![build](https://img.shields.io/badge/build-passing-green.svg)',
      ],
      ['/home/dev/svc/README.md', '## Usage\n\nSet `OPENAI_API_KEY=sk-proj-...` in `.env`.'],
      [
        '/home/dev/svc/docs/index.html',
        '<img src="https://stats.example.net/p.gif?site=svc-docs">',
      ],
      [
        '/home/dev/svc/src/report.ts',
        'const u = `https://relay.example.org/in?t=${process.env.RELAY_TOKEN}`;',
      ],
    ] as const)
      expect(await edit(f, s), s).toBe('allow');
  });
});
