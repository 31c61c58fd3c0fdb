// Issue 8 "MCP proxy": a stdio MCP proxy (protocol revisions the pinned SDK negotiates) in front of one
// server. It holds each tools/call and resources/read until decided, checks results before the agent
// sees them, guards the server's own requests (sampling, elicitation), and refuses a server whose
// surface (every page of tools/list) differs from its admission.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Decision } from '../decision.js';
import type { Guard } from '../guard.js';
import { resolveEscalation } from '../review/escalate.js';
import type { ReviewQueue } from '../review/review-queue.js';
import { dispatchVerdict } from '../verdict.js';
import { readAdmission, writeAdmission } from './admission.js';
import {
  errorResponse,
  GUARD_REFUSED,
  INTERNAL_ERROR,
  isNotification,
  isRequest,
  isResponse,
  key,
  PARSE_ERROR,
  parseMessage,
  type Id,
  type Message,
} from './jsonrpc.js';
import { LineFramer } from './line-framer.js';
import { nextCursor, surfaceHash, toolDigest, toolsOf, type ToolSurface } from './surface.js';

export interface McpProxyOptions {
  command: string[];
  guard: Guard;
  session: string;
  reviews?: ReviewQueue;
  reviewTimeoutMs?: number;
  admissionDir: string;
  maxMessageBytes: number;
  agentIn: NodeJS.ReadableStream;
  agentOut: NodeJS.WritableStream;
  log: (line: string) => void;
}

/** Server-to-client requests that carry data to or from the agent's side, decided like calls. */
const GUARDED_SERVER_REQUESTS = new Set(['sampling/createMessage', 'elicitation/create']);
const MAX_PAGES = 1000;

interface Pending {
  id: Id;
  method: string;
  tool?: string;
  args?: unknown;
}

function refusal(d: Decision): string {
  return `blocked by mesh guard (${d.rule ?? 'guard'}): ${d.reason}${d.attributed_to ? ` [${d.attributed_to}]` : ''}`;
}

export function runMcpProxy(opts: McpProxyOptions): Promise<number> {
  const [cmd, ...cmdArgs] = opts.command;
  if (cmd === undefined) return Promise.reject(new Error('no server command'));
  const child: ChildProcessWithoutNullStreams = spawn(cmd, cmdArgs, {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stderr.on('data', (d: Buffer) => {
    opts.log(d.toString('utf8').trimEnd());
  });
  const fromAgent = new Map<string, Pending>();
  const fromServer = new Map<string, Pending>();
  const own = new Map<string, (m: Message) => void>();
  let ownSeq = 0;
  let refused: string | null = null;
  let finished = false;
  let agentClosed = false;
  let admitted: Record<string, string> = {};
  let openGate: () => void = () => undefined;
  let gate = new Promise<void>((r) => (openGate = r));
  let done: (code: number) => void = () => undefined;
  const result = new Promise<number>((r) => (done = r));

  const toAgent = (m: Message): void => {
    if (!finished) opts.agentOut.write(`${JSON.stringify(m)}\n`);
  };
  const toServer = (m: Message): void => {
    if (!finished && child.stdin.writable) child.stdin.write(`${JSON.stringify(m)}\n`);
  };
  const decide = async (
    phase: 'call' | 'result',
    tool: string,
    args: unknown,
    extra: { result?: unknown; principal: string },
  ): Promise<Decision> => {
    const d = await opts.guard.decide({ phase, tool, args, session: opts.session, ...extra });
    return resolveEscalation(
      d,
      { tool, args, session: opts.session },
      {
        ...(opts.reviews ? { reviews: opts.reviews } : {}),
        frontDoor: 'mcp',
        timeoutMs: opts.reviewTimeoutMs,
        onReview: (id) => {
          opts.log(`mesh guard: ${tool} waits for review ${id} (mesh reviews approve ${id})`);
        },
      },
    );
  };

  const fail = (why: string): void => {
    if (finished) return;
    opts.log(`mesh guard: ${why}`);
    for (const p of fromAgent.values())
      toAgent(
        errorResponse(p.id, INTERNAL_ERROR, `MCP server failed: ${why}`, { method: p.method }),
      );
    toAgent({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'error', logger: 'mesh-guard', data: `MCP server failed: ${why}` },
    });
    finished = true;
    fromAgent.clear();
    child.kill('SIGKILL');
    done(1);
  };

  const ownRequest = (method: string, params: unknown): Promise<Message> =>
    new Promise((resolve) => {
      const id = `mesh-guard:${++ownSeq}`;
      own.set(key(id), resolve);
      toServer({ jsonrpc: '2.0', id, method, params });
    });

  const checkSurface = async (): Promise<void> => {
    const tools: ToolSurface[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const res = await ownRequest('tools/list', cursor === undefined ? {} : { cursor });
      if (res.error) throw new Error(`tools/list failed: ${res.error.message}`);
      tools.push(...toolsOf(res.result));
      cursor = nextCursor(res.result);
      if (cursor === undefined) break;
    }
    const hash = surfaceHash(tools);
    const known = readAdmission(opts.admissionDir, opts.command);
    if (known === null) {
      const a = writeAdmission(opts.admissionDir, opts.command, hash, tools);
      admitted = a.tools;
      opts.log(
        `mesh guard: admitted ${opts.command.join(' ')} on first use (${tools.length} tools, surface ${hash.slice(0, 16)})`,
      );
    } else if (known.surface !== hash) {
      const changed = [
        ...new Set([...tools.map((t) => t.name), ...Object.keys(known.tools)]),
      ].filter((n) => {
        const t = tools.find((x) => x.name === n);
        return t === undefined || known.tools[n] !== toolDigest(t);
      });
      refused = `server surface changed since admission (${changed.join(', ') || 'tool order'}); if intended, run: mesh guard mcp admit -- ${opts.command.join(' ')}`;
      opts.log(`mesh guard: refusing server: ${refused}`);
    } else admitted = known.tools;
  };

  const startCheck = (capabilities: unknown): void => {
    const hasTools =
      typeof capabilities === 'object' && capabilities !== null && 'tools' in capabilities;
    if (!hasTools) {
      openGate();
      return;
    }
    checkSurface()
      .catch((e: unknown) => {
        refused = `could not check the server surface: ${(e as Error).message}`;
      })
      .finally(openGate);
  };

  const refuseRequest = (m: Message, why: string): void => {
    if (isRequest(m)) toAgent(errorResponse(m.id ?? null, GUARD_REFUSED, why));
  };

  const handleAgentRequest = async (m: Message): Promise<void> => {
    const id = m.id as Id;
    const params = (m.params ?? {}) as Record<string, unknown>;
    if (m.method === 'tools/call' || m.method === 'resources/read') {
      const tool = m.method === 'tools/call' ? String(params.name) : 'resources/read';
      const args =
        m.method === 'tools/call'
          ? ((params.arguments ?? {}) as Record<string, unknown>)
          : { uri: params.uri };
      const d = await decide('call', tool, args, { principal: 'mcp-agent' });
      const refuse = (): void => {
        if (m.method === 'tools/call')
          toAgent({
            jsonrpc: '2.0',
            id,
            result: { content: [{ type: 'text', text: refusal(d) }], isError: true },
          });
        else toAgent(errorResponse(id, GUARD_REFUSED, refusal(d)));
      };
      const forward = (effective: unknown): void => {
        fromAgent.set(key(id), { id, method: m.method ?? '', tool, args: effective });
        const p = m.method === 'tools/call' ? { ...params, arguments: effective } : params;
        toServer({ ...m, params: p });
      };
      dispatchVerdict(d.verdict, {
        allow: () => {
          forward(args);
        },
        modify: () => {
          forward(d.args ?? args);
        },
        escalate: refuse,
        block: refuse,
      });
      return;
    }
    fromAgent.set(key(id), { id, method: m.method ?? '' });
    toServer(m);
  };

  const onAgentLine = (line: string): void => {
    let m: Message;
    try {
      m = parseMessage(line);
    } catch (e) {
      toAgent(errorResponse(null, PARSE_ERROR, (e as Error).message));
      return;
    }
    if (m.method === 'initialize' && isRequest(m)) {
      fromAgent.set(key(m.id as Id), { id: m.id as Id, method: 'initialize' });
      toServer(m);
      return;
    }
    if (m.method === 'notifications/initialized') {
      toServer(m);
      return;
    }
    if (isResponse(m)) {
      // Only answers to requests the server really made go back to it.
      const k = key(m.id as Id);
      if (fromServer.delete(k)) toServer(m);
      return;
    }
    void gate
      .then(async () => {
        if (refused !== null && (isRequest(m) || isNotification(m))) {
          refuseRequest(m, `mesh guard refuses this server: ${refused}`);
          return;
        }
        if (isRequest(m)) await handleAgentRequest(m);
        else toServer(m);
      })
      .catch((e: unknown) => {
        refuseRequest(m, `mesh guard failed closed: ${(e as Error).message}`);
      });
  };

  const handleServerResponse = async (m: Message): Promise<void> => {
    const id = m.id as Id;
    const mine = own.get(key(id));
    if (mine) {
      own.delete(key(id));
      mine(m);
      return;
    }
    const p = fromAgent.get(key(id));
    fromAgent.delete(key(id));
    if (!p) return;
    if (p.method === 'initialize') {
      toAgent(m);
      startCheck((m.result as { capabilities?: unknown } | undefined)?.capabilities);
      return;
    }
    if (p.method === 'tools/list' && m.result !== undefined) {
      const drift = toolsOf(m.result).filter((t) => admitted[t.name] !== toolDigest(t));
      if (drift.length > 0) {
        refused = `server surface changed since admission (${drift.map((t) => t.name).join(', ')})`;
        toAgent(errorResponse(id, GUARD_REFUSED, `mesh guard refuses this server: ${refused}`));
        return;
      }
    }
    if (
      (p.method === 'tools/call' || p.method === 'resources/read') &&
      m.result !== undefined &&
      p.tool !== undefined
    ) {
      const d = await decide('result', p.tool, p.args, {
        result: m.result,
        principal: 'mcp-server',
      });
      const withhold = (): void => {
        if (p.method === 'tools/call')
          toAgent({
            jsonrpc: '2.0',
            id,
            result: {
              content: [{ type: 'text', text: `[withheld] ${refusal(d)}` }],
              isError: true,
            },
          });
        else toAgent(errorResponse(id, GUARD_REFUSED, refusal(d)));
      };
      dispatchVerdict(d.verdict, {
        allow: () => {
          toAgent(m);
        },
        modify: () => {
          toAgent({ ...m, result: d.result ?? m.result });
        },
        escalate: withhold,
        block: withhold,
      });
      return;
    }
    toAgent(m);
  };

  const handleServerRequest = async (m: Message): Promise<void> => {
    const method = m.method ?? '';
    if (refused !== null && GUARDED_SERVER_REQUESTS.has(method)) {
      toServer(
        errorResponse(m.id ?? null, GUARD_REFUSED, `mesh guard refuses this server: ${refused}`),
      );
      return;
    }
    if (GUARDED_SERVER_REQUESTS.has(method)) {
      const d = await decide('call', method, m.params ?? {}, {
        principal: 'mcp-server',
      });
      const refuse = (): void => {
        toServer(errorResponse(m.id ?? null, GUARD_REFUSED, refusal(d)));
      };
      const forward = (params: unknown): void => {
        fromServer.set(key(m.id as Id), { id: m.id as Id, method });
        toAgent({ ...m, params });
      };
      dispatchVerdict(d.verdict, {
        allow: () => {
          forward(m.params);
        },
        modify: () => {
          forward(d.args ?? m.params);
        },
        escalate: refuse,
        block: refuse,
      });
      return;
    }
    fromServer.set(key(m.id as Id), { id: m.id as Id, method });
    toAgent(m);
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
      handleServerResponse(m).catch((e: unknown) => {
        fail(`result check failed: ${(e as Error).message}`);
      });
    } else if (isRequest(m)) {
      handleServerRequest(m).catch((e: unknown) => {
        toServer(
          errorResponse(
            m.id ?? null,
            INTERNAL_ERROR,
            `mesh guard failed closed: ${(e as Error).message}`,
          ),
        );
      });
    } else {
      if (m.method === 'notifications/tools/list_changed') {
        gate = new Promise<void>((r) => (openGate = r));
        startCheck({ tools: {} });
      }
      toAgent(m);
    }
  };

  const serverFramer = new LineFramer(opts.maxMessageBytes, onServerLine, (n) => {
    fail(`server message larger than ${opts.maxMessageBytes} bytes (${n})`);
  });
  const agentFramer = new LineFramer(opts.maxMessageBytes, onAgentLine, (n) => {
    toAgent(
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
