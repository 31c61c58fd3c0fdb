// A GitHub Actions workflow written to run a pull request's own code with the repository's secrets
// (`pull_request_target` with a checkout of the head), beside the everyday workflows it resembles.
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const write = async (file: string, content: string): Promise<string> => {
  const d = await guard.decide({
    phase: 'call',
    tool: 'Write',
    args: { file_path: file, content },
  });
  return d.verdict === 'allow' ? 'allow' : (d.rule ?? d.verdict);
};
const flow = (on: string, ref: string): string =>
  `name: t\non: ${on}\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n${ref}      - run: npm ci && npm test\n        env:\n          NPM_TOKEN: \${{ secrets.NPM_TOKEN }}\n`;
const head = (expr: string): string => `        with:\n          ref: \${{ ${expr} }}\n`;

describe('workflow writes', () => {
  it("a pull_request_target or workflow_run workflow checking out the pull request's head is held", async () => {
    expect(
      await write(
        '/w/app/.github/workflows/test.yml',
        flow('pull_request_target', head('github.event.pull_request.head.sha')),
      ),
    ).toBe('ca.supply-chain-file');
    expect(
      await write(
        '.github/workflows/label.yaml',
        flow('[pull_request_target]', head('github.head_ref')),
      ),
    ).toBe('ca.supply-chain-file');
    expect(
      await write(
        '.github/workflows/after.yml',
        flow('workflow_run', head('github.event.workflow_run.head_sha')),
      ),
    ).toBe('ca.supply-chain-file');
  });

  it('the same checkout under pull_request, or pull_request_target without the head, passes', async () => {
    expect(
      await write(
        '.github/workflows/test.yml',
        flow('pull_request', head('github.event.pull_request.head.sha')),
      ),
    ).toBe('allow');
    expect(await write('.github/workflows/label.yml', flow('pull_request_target', ''))).toBe(
      'allow',
    );
    expect(
      await write(
        'docs/pwn-request.md',
        flow('pull_request_target', head('github.event.pull_request.head.sha')),
      ),
    ).toBe('allow');
  });
});
