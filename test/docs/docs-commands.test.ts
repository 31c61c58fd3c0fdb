// The docs against the real CLI. Every `mesh` command line of every ```sh block parses against the
// built command tree; every `mesh ...` line of any code block and every `mesh ...` code span names
// commands and flags that exist; every command's --help prints, with the `mesh` lines in it
// existing (one child process, cli-check.mjs, checks them all). The blocks marked
// `<!-- docs-test: run -->` run as written, in order, in a temporary home with this checkout's
// `mesh` on PATH (a block's fixed ports are swapped for free ones; run-script.ts stops what it
// leaves running), and must print what the prose around them says they print (PRINTS).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/env.js';
import { freePort } from '../support/ports.js';
import { codeBlocks, inlineCode, meshShim } from './markdown-blocks.js';
import { runScript } from './run-script.js';
import { meshCommands } from './shell-words.js';

const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
/** A `mesh ...` line of a synopsis or a code span (not a message such as `mesh serve: ...`). */
const MESH_LINE = /^(?:npx )?mesh(?: (?:-[-a-zA-Z]|[a-z][a-z-]*(?:\|[a-z][a-z-]*)*(?: |$))|$)/;
/** Ports the docs' deployments listen on, replaced by free ones when a block runs. */
const DOC_PORTS = ['7071', '7072', '7073', '8443', '8444'];
/**
 * What a doc's run must print besides exiting 0: the outputs its prose promises, each line at least
 * once, or `[/line/g, N]` exactly N times. A command the docs show failing is written
 * `cmd || echo "exit $?"`, so its exit code is printed and checked here. Its stdout and stderr are
 * read together, so a pattern spans one line.
 */
const PRINTS: Record<string, (RegExp | [RegExp, number])[]> = {
  'docs/operator.md': [
    /^ok +hook install +guard hook installed and answering/m,
    /^coding-agent@canary: verified coding-agent 0\.1\.0 \(canary v1\)/m,
    /coding-agent\.example-delete +escalate \(shadow: reported, not enforced\)$/m,
    /^ +why: new here: shadow until \S+$/m,
    /^decision allow by coding-agent\.example-delete \(shadow\): shadow: would escalate/m,
    /ca\.infra-destroy: .*\(held for review [0-9a-f]{16}: .*mesh reviews approve [0-9a-f]{16} --by NAME/,
    /^exit 2$/m,
    /^ +quorum +2; approved by nobody yet$/m,
    /pending .*kubectl delete namespace \[args\.command\] +\(1\/2 approvals\)/,
    /approved .*kubectl delete namespace \[args\.command\] +\(2\/2 approvals\)/,
    /rejected .*kubectl delete namespace \[args\.command\] +\(0\/2 approvals\)$/m,
    /^ +\{"command":"kubectl delete namespace billing"\}$/m,
    /^ +1 +\S+ +escalate +Bash +ca\.infra-destroy +"kubectl delete namespace shop"$/m,
    /^ +hit +ca\.infra-destroy escalate \(active\)/m,
    [/^ok +3 receipts, head 3:[0-9a-f]{64}, signed through 3$/gm, 2],
    /^anchored head 3:[0-9a-f]{64} in /m,
  ],
  'docs/packs.md': [
    /^valid$/m,
    /^ok +my-pack\.example-delete +10\/10$/m,
    /^pass: 10 examples$/m,
    /^every rule hash is current$/m,
    /^published packs\/my-pack\/canary\/my-pack\.json /m,
    /^assembled stable v2 with 1 signature\(s\)$/m,
    /^published packs\/my-pack\/stable\/my-pack\.json /m,
    /^ok: TUF root v1 \(given\), 2 target\(s\) verified$/m,
  ],
  'docs/log.md': [
    /^ok: entry 4 is in interlock-mesh\/log at size 5 \(packs\/my-pack\/canary\/my-pack\.json/m,
    [/^ok: TUF root v1 \(given\), 1 target\(s\) verified$/gm, 2],
    // the repository checked from its directory has no peer to gossip with; over the mirror it has
    [/^ +not checked: no witness: /gm, 2],
    [/^ +not checked: no gossip: /gm, 1],
    /^interlock-mesh\/log: size 5, entries 0\.\.4$/m,
    [/^#[0-4] (?:root|targets|stable|canary) v1 /gm, 5],
    /^#4 canary v1 packs\/my-pack\/canary\/my-pack\.json [0-9a-f]{64} \d+$/m,
    /^interlock-mesh\/log: 5 entries, root matches the checkpoint$/m,
  ],
  'docs/GOVERNANCE.md': [
    /^assembled targets v2 with 1 signature\(s\)$/m,
    /error \[publish_invalid\]: the signed file is not the next version of any role/,
    /^assembled root v1 with 2 signature\(s\)$/m,
    /^assembled targets v1 with 2 signature\(s\)$/m,
    /^assembled stable v1 with 2 signature\(s\)$/m,
    /^initialised a new repository from its signed threshold roles$/m,
    /^ +[0-9a-f]{32} +revoked \S+ +key lost$/m,
  ],
  'docs/dap.md': [/^10 accepted$/m, /"aggregate":\[10,0,0,5,0,0,0,10\],"report_count":10/],
};

interface Checked {
  file: string;
  where: string;
  text: string;
}

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** What each doc asks cli-check.mjs to check. */
function collect(file: string): { argvs: (Checked & { args: string[] })[]; synopses: Checked[] } {
  const md = read(file);
  const blocks = codeBlocks(md);
  const argvs = blocks
    .filter((b) => b.lang === 'sh')
    .flatMap((b) =>
      meshCommands(b.text).map((args) => ({
        file,
        where: `${file}:${b.line}`,
        text: `mesh ${args.join(' ')}`,
        args,
      })),
    );
  const lines = [
    ...blocks
      .filter((b) => b.lang === '' || b.lang === 'sh' || b.lang === 'text')
      .flatMap((b) =>
        b.text
          .replace(/\\\n\s*/g, ' ')
          .split('\n')
          .map((l) => ({ where: `${file}:${b.line}`, l })),
      ),
    ...inlineCode(md).map((l) => ({ where: file, l })),
  ];
  const synopses = lines
    .map(({ where, l }) => ({ file, where, text: l.trim().replace(/\s+#.*$/, '') }))
    .filter((s) => MESH_LINE.test(s.text))
    .map((s) => ({ ...s, text: s.text.replace(/^npx /, '') }));
  return { argvs, synopses };
}

interface Report {
  argvs: (string | null)[];
  synopses: (string | null)[];
  help: string[];
}

const asked = DOCS.map(collect);
const argvs = asked.flatMap((a) => a.argvs);
const synopses = asked.flatMap((a) => a.synopses);
const work = mkdtempSync(join(tmpdir(), 'mesh-docs-'));

/** cli-check.mjs's answers; started at once, so the blocks that run overlap it. */
async function check(): Promise<Report> {
  const child = spawn(process.execPath, [join(ROOT, 'test', 'docs', 'cli-check.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
  child.stdin.end(
    JSON.stringify({ argvs: argvs.map((a) => a.args), synopses: synopses.map((s) => s.text) }),
  );
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`cli-check.mjs exited ${String(code)}`);
  return JSON.parse(out) as Report;
}
const checked = check();
// awaited by the tests below; a failure is theirs, not an unhandled rejection
void checked.catch(() => undefined);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** The checked items of FILE that failed, with where they are and why. */
function failures(file: string, items: Checked[], errors: (string | null)[]): string[] {
  return items.flatMap((c, i) =>
    c.file === file && errors[i] !== null ? [`${c.where}: ${c.text}\n  ${errors[i] ?? ''}`] : [],
  );
}

/** The docs with blocks marked run; each doc's blocks run in one shell, the docs side by side. */
const RUNS = DOCS.map((file) => ({
  file,
  run: codeBlocks(read(file)).filter((b) => b.mark === 'run'),
})).filter((d) => d.run.length > 0);

describe.concurrent('the blocks marked run, run as written', () => {
  it('are the journeys of the four users', () => {
    expect(RUNS.map((d) => d.file)).toEqual(
      expect.arrayContaining([
        'docs/GOVERNANCE.md',
        'docs/dap.md',
        'docs/log.md',
        'docs/operator.md',
        'docs/packs.md',
      ]),
    );
  });

  it.each(RUNS)(
    '$file',
    async ({ file, run }) => {
      expect(run.every((b) => b.lang === 'sh')).toBe(true);
      let script = run.map((b) => b.text).join('\n');
      for (const port of DOC_PORTS)
        if (script.includes(port)) script = script.replaceAll(port, String(await freePort()));
      const dir = join(work, file.replace(/\W/g, '-'));
      const cwd = join(dir, 'run');
      const home = join(dir, 'home');
      mkdirSync(cwd, { recursive: true });
      mkdirSync(home);
      const r = await runScript(script, {
        cwd,
        timeoutMs: 120_000,
        env: {
          ...process.env,
          PATH: `${meshShim(dir)}:${process.env.PATH ?? ''}`,
          HOME: home,
          MESH_HOME: join(dir, 'state'),
        },
      });
      expect(r.status, r.output).toBe(0);
      for (const printed of PRINTS[file] ?? [])
        if (printed instanceof RegExp) expect(r.output, r.output).toMatch(printed);
        else
          expect(
            r.output.match(printed[0])?.length ?? 0,
            `${String(printed[0])}\n${r.output}`,
          ).toBe(printed[1]);
    },
    150_000,
  );
});

describe.each(DOCS)('%s', (file) => {
  it('every mesh command of its sh blocks parses against the CLI', async () => {
    expect(failures(file, argvs, (await checked).argvs)).toEqual([]);
  }, 120_000);

  it('every mesh command and flag it names exists', async () => {
    expect(failures(file, synopses, (await checked).synopses)).toEqual([]);
  });
});

describe('mesh --help', () => {
  it('every command prints its help, and each mesh line in it exists', async () => {
    expect((await checked).help).toEqual([]);
  });
});
