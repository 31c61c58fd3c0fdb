// Test helper: a real MCP client (SDK Client over stdio) talking to a fixture server through
// `mesh guard mcp`, as an agent would.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/sdk/types.js';
import { join } from 'node:path';
import { MESH_BIN, ROOT } from '../../support/env.js';

export const FIXTURES = join(ROOT, 'test/guard/mcp/fixtures');

/** The filesystem-like fixture server over `root`, and the fetch-like one logging to `log`. */
export const fsServer = (root: string): string[] => [
  process.execPath,
  join(FIXTURES, 'fs-server.mjs'),
  root,
];
export const fetchServer = (log: string): string[] => [
  process.execPath,
  join(FIXTURES, 'fetch-server.mjs'),
  log,
];

export interface Proxied {
  client: Client;
  stderr: () => string;
  close: () => Promise<void>;
}

/** How the test agent answers the server's own requests (default: a fixed sampling answer). */
export interface Answers {
  sampling?: (req: CreateMessageRequest) => CreateMessageResult;
  elicitation?: (req: ElicitRequest) => ElicitResult;
}

export async function proxied(
  home: string,
  meshArgs: string[],
  server: string[],
  env: Record<string, string> = {},
  answers: Answers = {},
): Promise<Proxied> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MESH_BIN, 'guard', 'mcp', ...meshArgs, '--', ...server],
    env: { ...(process.env as Record<string, string>), MESH_HOME: home, ...env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const client = new Client(
    { name: 'test-agent', version: '1.0.0' },
    { capabilities: { sampling: {}, elicitation: {} } },
  );
  client.setRequestHandler(
    CreateMessageRequestSchema,
    answers.sampling ??
      (() => ({
        role: 'assistant',
        content: { type: 'text', text: 'forty-two' },
        model: 'test-model',
      })),
  );
  client.setRequestHandler(
    ElicitRequestSchema,
    answers.elicitation ?? (() => ({ action: 'decline' })),
  );
  await client.connect(transport);
  return { client, stderr: () => err, close: () => client.close() };
}

export function text(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((c) => c.text ?? '').join('');
}

/**
 * The proxy flags most suites use: the built-in coding-agent pack plus the suite's own PACK, no
 * receipts, and the session id when one is given.
 */
export const proxyFlags = (pack: string, session?: string, extra: string[] = []): string[] => [
  '--pack',
  'builtin:coding-agent',
  '--pack',
  pack,
  '--no-receipts',
  ...(session === undefined ? [] : ['--session', session]),
  ...extra,
];
