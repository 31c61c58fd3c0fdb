// docs/operator.md "Put an MCP server behind the guard": `mesh guard mcp install` rewrites Claude
// Code's .mcp.json and Cursor's mcp.json so a server runs behind `mesh guard mcp` with absolute
// paths (idempotent), a real SDK client started from the written entry alone (no PATH, no
// MESH_HOME) is guarded by it, `mesh doctor` reports it, and uninstall puts the server back.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMesh } from '../support/run-mesh.js';
import { FIXTURES, text } from '../guard/mcp/proxy-client.js';

interface Entry {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const PACK = {
  pack_format: 1,
  name: 'install-test',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'one block rule for the install test',
  catalog: ['i.private'],
  policy: {
    format: 1,
    rules: [
      {
        id: 'i.private',
        verdict: 'block',
        phase: 'call',
        tools: ['mcp__*__read_file'],
        when: { field: 'args.path', glob: 'private*' },
        reason: 'private file',
      },
    ],
  },
};

let work: string;
let home: string;
let project: string;
let state: string;
let files: string;
let pack: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'mesh-mcp-install-'));
  home = join(work, 'home');
  project = join(work, 'project');
  state = join(work, 'state');
  files = join(work, 'files');
  for (const d of [home, project, files]) mkdirSync(d, { recursive: true });
  writeFileSync(join(files, 'README.md'), 'ordinary text\n');
  writeFileSync(join(files, 'private.txt'), 'not for agents\n');
  pack = join(work, 'pack.json');
  writeFileSync(pack, JSON.stringify(PACK));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const env = (): NodeJS.ProcessEnv => ({ ...process.env, HOME: home, MESH_HOME: state });
/** `mesh ARGS --json`, the flag before a `--` so it is not taken for the server's. */
const mesh = (args: string[]) => {
  const dash = args.indexOf('--');
  const at = dash < 0 ? args.length : dash;
  return runMesh([...args.slice(0, at), '--json', ...args.slice(at)], { cwd: project, env: env() });
};
const json = (stdout: string): Record<string, unknown> =>
  JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
const servers = (file: string): Record<string, Entry> =>
  (JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, Entry> }).mcpServers;
const mcpCheck = async (): Promise<{ status: string; detail: string }> => {
  const r = await mesh(['doctor']);
  const checks = json(r.stdout).checks as { name: string; status: string; detail: string }[];
  return checks.find((c) => c.name === 'mcp install') ?? { status: '', detail: '' };
};

/** Starts ENTRY as the client would: its command and args only, without PATH or MESH_HOME. */
async function connect(entry: Entry): Promise<Client> {
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args,
    env: { HOME: home, ...(entry.env ?? {}) },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'install-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

describe('mesh guard mcp install', () => {
  it('Claude Code project scope: absolute paths, idempotent, guarded, doctor, uninstall', async () => {
    const server = ['node', join(FIXTURES, 'fs-server.mjs'), files];
    const install = ['guard', 'mcp', 'install', 'files', '--scope', 'project', '--pack', pack];
    const first = await mesh([...install, '--', ...server]);
    expect(first.code, first.stderr).toBe(0);
    expect(json(first.stdout).changed).toBe(true);
    const file = join(project, '.mcp.json');
    const entry = servers(file).files as Entry;
    expect(entry.command).toBe(process.execPath);
    expect(entry.args.slice(0, 3)).toEqual([
      expect.stringMatching(/\/bin\/mesh\.js$/),
      '--state',
      state,
    ]);
    const inner = entry.args.slice(entry.args.indexOf('--') + 1);
    expect(inner[0]).toMatch(/^\//);
    expect(inner.slice(1)).toEqual(server.slice(1));
    const again = await mesh([...install, '--', ...server]);
    expect(json(again.stdout).changed).toBe(false);
    expect(await mcpCheck()).toMatchObject({ status: 'ok' });

    const client = await connect(entry);
    try {
      const ok = await client.callTool({ name: 'read_file', arguments: { path: 'README.md' } });
      expect(text(ok)).toMatch(/ordinary text/);
      const blocked = await client.callTool({
        name: 'read_file',
        arguments: { path: 'private.txt' },
      });
      expect(blocked.isError).toBe(true);
      expect(text(blocked)).toMatch(/i\.private/);
    } finally {
      await client.close();
    }

    const un = await mesh(['guard', 'mcp', 'uninstall', 'files', '--scope', 'project']);
    expect(json(un.stdout).removed).toBe(true);
    const back = servers(file).files as Entry;
    expect([back.command, ...back.args]).toEqual(inner);
    expect(await mcpCheck()).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/not behind the guard: files/) as string,
    });
  }, 120_000);

  it('Cursor user scope: wraps the configured server, keeping its env and other keys', async () => {
    const file = join(home, '.cursor', 'mcp.json');
    mkdirSync(dirname(file), { recursive: true });
    const own = {
      command: process.execPath,
      args: [join(FIXTURES, 'fs-server.mjs'), files],
      env: { FIXTURE_MODE: 'plain' },
    };
    writeFileSync(file, JSON.stringify({ mcpServers: { files: own }, other: 1 }));
    const r = await mesh([
      'guard',
      'mcp',
      'install',
      'files',
      '--client',
      'cursor',
      '--scope',
      'user',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as {
      other: number;
      mcpServers: Record<string, Entry>;
    };
    expect(doc.other).toBe(1);
    const entry = doc.mcpServers.files as Entry;
    expect(entry.env).toEqual(own.env);
    expect(entry.args.slice(entry.args.indexOf('--') + 1)).toEqual([own.command, ...own.args]);
    const client = await connect(entry);
    try {
      const blocked = await client.callTool({
        name: 'read_file',
        arguments: { path: 'private.txt' },
      });
      // The default pack (builtin:coding-agent) has no rule on this file: it passes, guarded.
      expect(text(blocked)).toMatch(/not for agents/);
    } finally {
      await client.close();
    }
    const none = await mesh([
      'guard',
      'mcp',
      'install',
      'nosuch',
      '--client',
      'cursor',
      '--scope',
      'user',
    ]);
    expect(none.code).toBe(2);
    expect(none.stderr + none.stdout).toMatch(/no stdio server named nosuch/);
  }, 120_000);
});
