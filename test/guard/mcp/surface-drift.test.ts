// MCP proxy: a server whose tool list (all pages) changed since admission is refused: a tool
// added, a tool removed, a description changed on the last page, and a change announced at run time
// with notifications/tools/list_changed (re-checked at once, before the next request passes).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, fsServer as serverOver, proxied, text } from './proxy-client.js';

const homes: string[] = [];
afterAll(() => {
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});
const freshHome = (): string => {
  const h = mkdtempSync(join(tmpdir(), 'mesh-mcp-drift-'));
  homes.push(h);
  return h;
};
const flags = ['--pack', 'builtin:coding-agent', '--no-receipts'];
const fsServer = serverOver(FIXTURES);

describe('mesh guard mcp: surface drift', () => {
  for (const [surface, tool] of [
    ['add', 'write_file'],
    ['remove', 'ask_model'],
    ['late', 'ask_model'],
  ] as const) {
    it(`refuses a server after admission when ${surface === 'late' ? 'a description on the last page changed' : `a tool was ${surface === 'add' ? 'added' : 'removed'}`}`, async () => {
      const home = freshHome();
      const first = await proxied(home, flags, fsServer);
      try {
        expect((await first.client.listTools()).tools.map((t) => t.name)).toEqual(['read_file']);
      } finally {
        await first.close();
      }
      const changed = await proxied(home, flags, fsServer, { MESH_TEST_SURFACE: surface });
      try {
        await expect(changed.client.listTools()).rejects.toThrow(
          new RegExp(`surface changed since admission \\(${tool}\\)`),
        );
        expect(changed.stderr()).toMatch(/refusing server/);
      } finally {
        await changed.close();
      }
    }, 120_000);
  }

  it('re-checks the surface on notifications/tools/list_changed and refuses the changed server', async () => {
    const home = freshHome();
    const env = { MESH_TEST_MUTABLE: '1' };
    const p = await proxied(home, flags, fsServer, env);
    try {
      const ok = await p.client.callTool({ name: 'list_dir', arguments: { path: '.' } });
      expect(text(ok)).toMatch(/fs-server\.mjs/);
      expect(text(await p.client.callTool({ name: 'mutate', arguments: {} }))).toBe('mutated');
      await expect(
        p.client.callTool({ name: 'list_dir', arguments: { path: '.' } }),
      ).rejects.toThrow(/surface changed since admission \(read_file\)/);
    } finally {
      await p.close();
    }
  }, 120_000);
});
