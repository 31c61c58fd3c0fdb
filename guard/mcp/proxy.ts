// MCP proxy: a stdio MCP proxy (protocol revisions the pinned SDK negotiates) in front of one
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
  key,
  PARSE_ERROR,
  parseMessage,
  type Message,
} from './jsonrpc.js';
import { LineFramer } from './line-framer.js';
import { createLink, type McpProxyOptions } from './proxy-link.js';
import { routeServerResponse } from './server-responses.js';
import { handleServerRequest } from './server-requests.js';
import { GuardError } from '../errors.js';

export type { McpProxyOptions } from './proxy-link.js';

/**
 * After the server failed, the proxy keeps answering the agent (every request with an error) this
 * long, so requests already in the pipe get an answer rather than a closed connection; then it
 * stops reading and ends, so the agent sees the proxy exit instead of waiting on it.
 */
const FAILURE_LINGER_MS = 200;

export function runMcpProxy(opts: McpProxyOptions): Promise<number> {
  const [cmd, ...cmdArgs] = opts.command;
  if (cmd === undefined)
    return Promise.reject(
      new GuardError('mcp_command_missing', 'no server command', undefined, {
        hint: 'give the MCP server command after --',
      }),
    );
  // The marker makes `mesh reviews approve` refuse to run from the server's own processes.
  const child = spawn(cmd, cmdArgs, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, MESH_GUARD_DOOR: 'mcp-proxy' },
  });
  child.stderr.on('data', (d: Buffer) => {
    opts.log(d.toString('utf8').trimEnd());
  });
  let ended = false;
  let agentClosed = false;
  let done: (code: number) => void = () => undefined;
  const result = new Promise<number>((r) => (done = r));
  const link = createLink(opts, {
    agent: (m) => {
      if (!ended) opts.agentOut.write(`${JSON.stringify(m)}\n`);
    },
    server: (m) => {
      const failed = link.failure;
      if (failed === null) {
        if (child.stdin.writable) child.stdin.write(`${JSON.stringify(m)}\n`);
        return;
      }
      // An agent request decided or routed after the failure: answer it here, never drop it.
      const id = m.id;
      if (!isRequest(m) || id === undefined || id === null || !link.fromAgent.has(key(id))) return;
      link.fromAgent.delete(key(id));
      link.toAgent(errorResponse(id, INTERNAL_ERROR, failed, { method: m.method }));
    },
  });
  const gate = new AdmissionGate(link);

  const end = (code: number): void => {
    if (ended) return;
    ended = true;
    opts.agentIn.off('data', onAgentData);
    opts.agentIn.off('end', onAgentEnd);
    opts.agentIn.pause();
    done(code);
  };

  const fail = (why: string): void => {
    if (link.failure !== null || ended) return;
    const failed = `MCP server failed: ${why}`;
    link.failure = failed;
    opts.log(`mesh guard: ${why}`);
    for (const p of [...link.fromAgent.values(), ...link.deciding.values()])
      link.toAgent(errorResponse(p.id, INTERNAL_ERROR, failed, { method: p.method }));
    link.fromAgent.clear();
    link.deciding.clear();
    link.toAgent({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'error', logger: 'mesh-guard', data: failed },
    });
    gate.fail(failed);
    child.kill('SIGKILL');
    if (agentClosed) end(1);
    else
      setTimeout(() => {
        end(1);
      }, FAILURE_LINGER_MS);
  };

  const onAgentLine = (line: string): void => {
    routeAgentLine(link, gate, line);
  };

  const onServerLine = (line: string): void => {
    if (link.failure !== null) return;
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
    if (link.failure !== null || ended) return;
    if (agentClosed) end(0);
    else fail(`server exited (${signal ?? `code ${code ?? '?'}`})`);
  });
  const onAgentData = (d: Buffer): void => {
    agentFramer.push(d);
  };
  const onAgentEnd = (): void => {
    agentClosed = true;
    if (link.failure !== null) {
      end(1);
      return;
    }
    child.stdin.end();
    setTimeout(() => child.kill('SIGTERM'), 5_000).unref();
  };
  opts.agentIn.on('data', onAgentData);
  opts.agentIn.on('end', onAgentEnd);
  child.stdin.on('error', () => undefined);
  return result;
}
