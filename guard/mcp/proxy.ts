// Issue 8 "MCP proxy": a stdio MCP proxy (protocol revisions the pinned SDK negotiates) in front of one
// server: it frames both directions with a maximum message size and routes each message to the part
// that decides it (calls, results, the server's own requests, admission); a server that crashes or
// sends garbage ends the proxy with an error to the agent.
import { spawn } from 'node:child_process';
import { AdmissionGate } from './admission-gate.js';
import { routeAgentLine } from './agent-messages.js';
import {
  errorResponse,
  INTERNAL_ERROR,
  isRequest,
  isResponse,
  PARSE_ERROR,
  parseMessage,
  type Message,
} from './jsonrpc.js';
import { LineFramer } from './line-framer.js';
import { createLink, type McpProxyOptions } from './proxy-link.js';
import { routeServerResponse } from './server-responses.js';
import { handleServerRequest } from './server-requests.js';

export type { McpProxyOptions } from './proxy-link.js';

export function runMcpProxy(opts: McpProxyOptions): Promise<number> {
  const [cmd, ...cmdArgs] = opts.command;
  if (cmd === undefined) return Promise.reject(new Error('no server command'));
  const child = spawn(cmd, cmdArgs, { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.on('data', (d: Buffer) => {
    opts.log(d.toString('utf8').trimEnd());
  });
  let finished = false;
  let agentClosed = false;
  let done: (code: number) => void = () => undefined;
  const result = new Promise<number>((r) => (done = r));
  const link = createLink(opts, {
    agent: (line) => {
      if (!finished) opts.agentOut.write(line);
    },
    server: (line) => {
      if (!finished && child.stdin.writable) child.stdin.write(line);
    },
  });
  const gate = new AdmissionGate(link);

  const fail = (why: string): void => {
    if (finished) return;
    opts.log(`mesh guard: ${why}`);
    for (const p of link.fromAgent.values())
      link.toAgent(
        errorResponse(p.id, INTERNAL_ERROR, `MCP server failed: ${why}`, { method: p.method }),
      );
    link.toAgent({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'error', logger: 'mesh-guard', data: `MCP server failed: ${why}` },
    });
    finished = true;
    link.fromAgent.clear();
    child.kill('SIGKILL');
    done(1);
  };

  const onAgentLine = (line: string): void => {
    routeAgentLine(link, gate, line);
  };

  const onServerLine = (line: string): void => {
    let m: Message;
    try {
      m = parseMessage(line);
    } catch (e) {
      fail(`server sent an invalid message (${(e as Error).message})`);
      return;
    }
    if (isResponse(m)) {
      routeServerResponse(link, gate, m).catch((e: unknown) => {
        fail(`result check failed: ${(e as Error).message}`);
      });
    } else if (isRequest(m)) {
      handleServerRequest(link, gate, m).catch((e: unknown) => {
        link.toServer(
          errorResponse(
            m.id ?? null,
            INTERNAL_ERROR,
            `mesh guard failed closed: ${(e as Error).message}`,
          ),
        );
      });
    } else {
      if (m.method === 'notifications/tools/list_changed') gate.restart();
      link.toAgent(m);
    }
  };

  const serverFramer = new LineFramer(opts.maxMessageBytes, onServerLine, (n) => {
    fail(`server message larger than ${opts.maxMessageBytes} bytes (${n})`);
  });
  const agentFramer = new LineFramer(opts.maxMessageBytes, onAgentLine, (n) => {
    link.toAgent(
      errorResponse(
        null,
        PARSE_ERROR,
        `message larger than ${opts.maxMessageBytes} bytes (${n}) refused`,
      ),
    );
  });
  child.stdout.on('data', (d: Buffer) => {
    serverFramer.push(d);
  });
  child.on('error', (e) => {
    fail(`cannot start the server: ${e.message}`);
  });
  child.on('exit', (code, signal) => {
    if (finished) return;
    if (agentClosed) {
      finished = true;
      done(0);
    } else fail(`server exited (${signal ?? `code ${code ?? '?'}`})`);
  });
  opts.agentIn.on('data', (d: Buffer) => {
    agentFramer.push(d);
  });
  opts.agentIn.on('end', () => {
    agentClosed = true;
    child.stdin.end();
    setTimeout(() => child.kill('SIGTERM'), 5_000).unref();
  });
  child.stdin.on('error', () => undefined);
  return result;
}
