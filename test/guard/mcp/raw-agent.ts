// Test helper: `mesh guard mcp` as a real child process driven line by line, as an agent's stdio
// transport drives it, so a test sees every answer by id, the exit code and when the proxy exited.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { MESH_BIN } from '../../support/env.js';

export interface RawMessage {
  jsonrpc: '2.0';
  id?: string | number | null;
  method?: string;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export interface RawAgent {
  send(m: object): void;
  /** Writes raw bytes (an oversized or broken line). */
  write(raw: string): void;
  /** The answer to one id, or null when none came within ms. */
  answer(id: string | number | null, ms: number): Promise<RawMessage | null>;
  /** The exit code, or null when the proxy still runs after ms. */
  exit(ms: number): Promise<number | null>;
  stderr(): string;
  kill(): void;
}

export function rawAgent(home: string, meshArgs: string[], server: string[]): RawAgent {
  const child = spawn(process.execPath, [MESH_BIN, 'guard', 'mcp', ...meshArgs, '--', ...server], {
    env: { ...process.env, MESH_HOME: home },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const seen: RawMessage[] = [];
  const waiters = new Set<() => void>();
  let err = '';
  let code: number | null = null;
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  child.stdin.on('error', () => undefined);
  createInterface({ input: child.stdout }).on('line', (line) => {
    seen.push(JSON.parse(line) as RawMessage);
    for (const w of waiters) w();
  });
  child.on('exit', (c, signal) => {
    code = c ?? (signal === null ? -1 : 128);
    for (const w of waiters) w();
  });
  const until = <T>(probe: () => T | null, ms: number): Promise<T | null> =>
    new Promise((resolve) => {
      const check = (): void => {
        const v = probe();
        if (v === null) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(v);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        resolve(probe());
      }, ms);
      waiters.add(check);
      check();
    });
  return {
    send: (m) => {
      if (child.stdin.writable) child.stdin.write(`${JSON.stringify(m)}\n`);
    },
    write: (raw) => {
      if (child.stdin.writable) child.stdin.write(raw);
    },
    answer: (id, ms) =>
      until(() => seen.find((m) => m.id === id && m.method === undefined) ?? null, ms),
    exit: (ms) => until(() => code, ms),
    stderr: () => err,
    kill: () => {
      if (code === null) child.kill('SIGKILL');
    },
  };
}

export const initialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw-agent', version: '1.0.0' },
  },
};
