// `mesh guard mcp --upstream URL --listen HOST:PORT`: the Streamable HTTP proxy, run until a signal.
import { runMcpHttpProxy, type McpHttpProxyOptions } from '../../../guard/index.js';
import { UsageError } from '../../errors.js';

export interface HttpDoorFlags {
  upstream: string;
  listen: string;
  allowOrigin: string[];
}

/** HOST:PORT, [v6]:PORT; 127.0.0.1 unless the operator names another address. */
export function parseListen(v: string): { host: string; port: number } {
  const m = /^(?:\[([0-9a-fA-F:]+)\]|([^:]+)):(\d{1,5})$/.exec(v);
  const port = Number(m?.[3]);
  if (!m || !Number.isInteger(port) || port > 65535)
    throw new UsageError(`--listen ${v} is not HOST:PORT`, 'e.g. --listen 127.0.0.1:8931');
  return { host: m[1] ?? m[2] ?? '127.0.0.1', port };
}

export function parseUpstream(v: string): URL {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new UsageError(
      `--upstream ${v} is not a URL`,
      'e.g. --upstream https://mcp.example.com/mcp',
    );
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    throw new UsageError('--upstream must be an http(s) URL');
  if (u.username !== '' || u.password !== '')
    throw new UsageError(
      '--upstream must not carry credentials',
      'the agent sends Authorization; it is passed through',
    );
  return u;
}

/** Serves until SIGINT or SIGTERM; prints where the agent connects. */
export async function runHttpDoor(
  flags: HttpDoorFlags,
  proxy: McpHttpProxyOptions['proxy'],
  session: string | undefined,
  log: (line: string) => void,
): Promise<number> {
  const { host, port } = parseListen(flags.listen);
  const running = await runMcpHttpProxy({
    upstream: parseUpstream(flags.upstream),
    host,
    port,
    allowedOrigins: flags.allowOrigin,
    proxy,
    ...(session !== undefined ? { session } : {}),
  });
  log(`mesh guard: MCP over HTTP at ${running.url} -> ${flags.upstream}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await running.close();
  return 0;
}
