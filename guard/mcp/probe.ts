// MCP proxy: `mesh guard mcp admit` reads a server's whole surface itself: it runs the MCP
// initialize handshake and every page of tools/list, then stops the server.
import { spawn } from 'node:child_process';
import { GuardError } from '../errors.js';
import { parseMessage, type Message } from './jsonrpc.js';
import { LineFramer } from './line-framer.js';
import { nextCursor, toolsOf, type ToolSurface } from './surface.js';

export function probeSurface(
  command: readonly string[],
  opts: { timeoutMs: number; maxMessageBytes: number },
): Promise<ToolSurface[]> {
  const [cmd, ...args] = command;
  if (cmd === undefined)
    return Promise.reject(new GuardError('mcp_server_failed', 'no server command'));
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const waiting = new Map<number, (m: Message) => void>();
    let seq = 0;
    const finish = (e: Error | null, tools?: ToolSurface[]): void => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      if (e) reject(e);
      else resolve(tools ?? []);
    };
    const timer = setTimeout(() => {
      finish(new GuardError('mcp_server_failed', `no answer within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    const request = (method: string, params: unknown): Promise<Message> =>
      new Promise((res) => {
        const id = ++seq;
        waiting.set(id, res);
        child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      });
    const framer = new LineFramer(
      opts.maxMessageBytes,
      (line) => {
        try {
          const m = parseMessage(line);
          if (typeof m.id === 'number' && m.method === undefined) waiting.get(m.id)?.(m);
        } catch (e) {
          finish(
            new GuardError(
              'mcp_server_failed',
              `server sent an invalid message (${(e as Error).message})`,
              undefined,
              { cause: e },
            ),
          );
        }
      },
      () => {
        finish(
          new GuardError(
            'mcp_message_too_large',
            `server message larger than ${opts.maxMessageBytes} bytes`,
          ),
        );
      },
    );
    child.stdout.on('data', (d: Buffer) => {
      framer.push(d);
    });
    child.on('error', (e) => {
      finish(new GuardError('mcp_server_failed', `cannot start ${cmd}: ${e.message}`));
    });
    child.stdin.on('error', () => undefined);
    child.on('exit', (code) => {
      finish(
        new GuardError(
          'mcp_server_failed',
          `server exited (code ${code ?? '?'}) before listing its tools`,
        ),
      );
    });
    void (async () => {
      // Loaded here, not at startup: the SDK's schema module is heavy and only admission needs it.
      const { LATEST_PROTOCOL_VERSION } = await import('@modelcontextprotocol/sdk/types.js');
      const init = await request('initialize', {
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'mesh-guard-admit', version: '1' },
      });
      if (init.error)
        throw new GuardError('mcp_server_failed', `initialize failed: ${init.error.message}`);
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`,
      );
      const tools: ToolSurface[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 1000; page++) {
        const res = await request('tools/list', cursor === undefined ? {} : { cursor });
        if (res.error)
          throw new GuardError('mcp_server_failed', `tools/list failed: ${res.error.message}`);
        tools.push(...toolsOf(res.result));
        cursor = nextCursor(res.result);
        if (cursor === undefined) break;
      }
      child.removeAllListeners('exit');
      finish(null, tools);
    })().catch((e: unknown) => {
      finish(
        e instanceof Error
          ? e
          : new GuardError('mcp_server_failed', `probe failed: ${String(e)}`, undefined, {
              cause: e,
            }),
      );
    });
  });
}
