// MCP proxy: a server that crashes or sends garbage ends cleanly with an error to the agent:
// every pending and later request is answered with a JSON-RPC error and the proxy exits (code 1,
// reason on stderr) instead of staying alive and dropping requests. Also the agent-side size limit.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, proxied } from './proxy-client.js';
import { initialize, rawAgent, type RawAgent } from './raw-agent.js';

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'mesh-mcp-fail-'));
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

const flags = ['--pack', 'builtin:coding-agent', '--no-receipts', '--max-message-bytes', '1048576'];
const badServer = (mode: string, when: string): string[] => [
  process.execPath,
  join(FIXTURES, 'bad-server.mjs'),
  mode,
  when,
];
/** Generous for a loaded 2-core machine, far below the SDK's 60 s request timeout. */
const BOUND_MS = 15_000;
const REASONS = {
  garbage: /mesh guard: server sent an invalid message/,
  huge: /mesh guard: server message larger than 1048576 bytes/,
  crash: /mesh guard: server exited \(code 3\)/,
};

const call = (id: number, name: string): object => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {} },
});

async function started(agent: RawAgent): Promise<void> {
  agent.send(initialize);
  expect((await agent.answer(0, BOUND_MS))?.result).toBeDefined();
  agent.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
}

describe('mesh guard mcp: a failing server', () => {
  for (const mode of ['garbage', 'huge', 'crash'] as const) {
    it(`answers every pending and later request with an error and exits when the server ${mode === 'crash' ? 'crashes' : `sends ${mode}`} mid-session`, async () => {
      const agent = rawAgent(
        home,
        [...flags, '--session', `call-${mode}`],
        badServer(mode, 'call'),
      );
      try {
        await started(agent);
        agent.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
        expect((await agent.answer(1, BOUND_MS)) ?? agent.stderr()).toMatchObject({ result: {} });
        // One write: a call the server holds, the call that breaks it, and another held call that
        // reaches the server before or after it broke (both must end in an error).
        agent.write(
          [call(2, 'wait'), call(3, 'boom'), call(4, 'wait')]
            .map((m) => `${JSON.stringify(m)}\n`)
            .join(''),
        );
        for (const id of [2, 3, 4]) {
          const a = await agent.answer(id, BOUND_MS);
          expect([id, a?.error?.message]).toEqual([id, expect.stringMatching(/MCP server failed/)]);
        }
        // A request after the failure: answered with an error while the proxy ends, or refused by
        // its exit; it never waits on a proxy that stays alive.
        agent.send({ jsonrpc: '2.0', id: 5, method: 'tools/list' });
        const later = await agent.answer(5, 1_000);
        if (later !== null) expect(later.error?.message).toMatch(/MCP server failed/);
        expect(await agent.exit(BOUND_MS)).toBe(1);
        expect(agent.stderr()).toMatch(REASONS[mode]);
      } finally {
        agent.kill();
      }
    }, 60_000);

    it(`fails initialize with an error and exits when the server ${mode === 'crash' ? 'crashes' : `sends ${mode}`} at start`, async () => {
      const agent = rawAgent(
        home,
        [...flags, '--session', `init-${mode}`],
        badServer(mode, 'init'),
      );
      try {
        agent.send(initialize);
        expect((await agent.answer(0, BOUND_MS))?.error?.message).toMatch(/MCP server failed/);
        expect(await agent.exit(BOUND_MS)).toBe(1);
        expect(agent.stderr()).toMatch(REASONS[mode]);
      } finally {
        agent.kill();
      }
    }, 60_000);
  }

  it('answers a call still waiting for its review with an error when the server crashes meanwhile', async () => {
    const pack = join(home, 'hold-pack.json');
    writeFileSync(
      pack,
      JSON.stringify({
        pack_format: 1,
        name: 'hold',
        version: '1.0.0',
        licence: 'Apache-2.0',
        description: 'wait needs a human',
        catalog: ['h.wait'],
        policy: {
          format: 1,
          rules: [
            {
              id: 'h.wait',
              verdict: 'escalate',
              phase: 'call',
              tools: ['mcp__*__wait'],
              when: { field: 'tool', glob: 'mcp__*__wait' },
              reason: 'wait needs a human',
            },
          ],
        },
      }),
    );
    const agent = rawAgent(
      home,
      [...flags, '--pack', pack, '--review-timeout', '300', '--session', 'held'],
      badServer('crash', 'call'),
    );
    try {
      await started(agent);
      agent.send(call(1, 'wait'));
      // The review is pending (nobody approves); the crash must not leave this call waiting for it.
      await expect.poll(() => agent.stderr(), { timeout: BOUND_MS }).toMatch(/waits for review/);
      agent.send(call(2, 'boom'));
      for (const id of [1, 2])
        expect([id, (await agent.answer(id, BOUND_MS))?.error?.message]).toEqual([
          id,
          expect.stringMatching(/MCP server failed/),
        ]);
      expect(await agent.exit(BOUND_MS)).toBe(1);
    } finally {
      agent.kill();
    }
  }, 60_000);

  it('leaves an SDK client no request to hang on after a crash', async () => {
    const p = await proxied(home, [...flags, '--session', 'sdk-crash'], badServer('crash', 'call'));
    const pid = (p.client.transport as { pid?: number | null } | undefined)?.pid ?? null;
    expect(pid).not.toBeNull();
    try {
      const settled = (what: Promise<unknown>): Promise<string> =>
        Promise.race([
          what.then(
            () => 'answered',
            (e: unknown) => `error: ${(e as Error).message}`,
          ),
          new Promise<string>((r) =>
            setTimeout(() => {
              r('hung');
            }, BOUND_MS),
          ),
        ]);
      expect(await settled(p.client.callTool({ name: 'boom', arguments: {} }))).toMatch(
        /^error: .*MCP server failed/,
      );
      for (const next of [p.client.listTools(), p.client.ping()])
        expect(await settled(next)).toMatch(/^error: .*(MCP server failed|Connection closed)/);
      const alive = (): boolean => {
        try {
          process.kill(pid as number, 0);
          return true;
        } catch {
          return false;
        }
      };
      const deadline = Date.now() + BOUND_MS;
      while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(alive()).toBe(false);
      expect(p.stderr()).toMatch(REASONS.crash);
    } finally {
      await p.close();
    }
  }, 60_000);

  it('refuses an oversized agent message without forwarding it and keeps serving', async () => {
    const agent = rawAgent(
      home,
      ['--pack', 'builtin:coding-agent', '--no-receipts', '--max-message-bytes', '2048'],
      badServer('crash', 'call'),
    );
    try {
      await started(agent);
      // Forwarded, this call would crash the server; the proxy must cut it at the limit instead.
      const oversized = {
        ...call(1, 'boom'),
        params: { name: 'boom', arguments: { pad: 'x'.repeat(4096) } },
      };
      agent.write(`${JSON.stringify(oversized)}\n`);
      const refused = await agent.answer(null, BOUND_MS);
      expect(refused?.error).toMatchObject({
        code: -32700,
        message: expect.stringMatching(/larger than 2048 bytes/) as unknown,
      });
      expect(await agent.answer(1, 500)).toBeNull();
      const fits = { jsonrpc: '2.0', id: 2, method: 'ping', params: { pad: 'y'.repeat(1900) } };
      expect(JSON.stringify(fits).length).toBeLessThanOrEqual(2048);
      agent.send(fits);
      expect(await agent.answer(2, BOUND_MS)).toMatchObject({ result: {} });
      expect(await agent.exit(200)).toBeNull();
    } finally {
      agent.kill();
    }
  }, 60_000);
});
