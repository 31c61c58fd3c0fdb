// `mesh guard mcp --upstream URL --listen HOST:PORT`: the Streamable HTTP proxy, run until a signal.
import {
  httpAdmissionCommand,
  probeHttpSurface,
  runMcpHttpProxy,
  surfaceHash,
  writeAdmission,
  type McpHttpProxyOptions,
} from '../../../guard/index.js';
import { UsageError } from '../../errors.js';
import type { CommandContext } from '../context.js';

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

/**
 * `mesh guard mcp admit --upstream URL [--auth-env NAME]`: reads the remote server's surface and
 * records it as admitted, as `mesh guard mcp admit -- CMD` does for a stdio server.
 * @throws UsageError on a bad URL or an unset --auth-env variable; GuardError mcp_server_failed
 * @example await admitHttpUpstream(ctx, 'https://mcp.example.com/mcp', undefined, dir)
 */
export async function admitHttpUpstream(
  ctx: CommandContext,
  upstream: string,
  authEnv: string | undefined,
  admissionDir: string,
): Promise<void> {
  const url = parseUpstream(upstream);
  const authorization = authEnv === undefined ? undefined : process.env[authEnv];
  if (authEnv !== undefined && (authorization === undefined || authorization === ''))
    throw new UsageError(
      `environment variable ${authEnv} is not set`,
      `export ${authEnv}='Bearer ...' or drop --auth-env`,
    );
  const tools = await probeHttpSurface(url, {
    timeoutMs: 30_000,
    ...(authorization !== undefined ? { authorization } : {}),
  });
  const command = httpAdmissionCommand(url);
  const a = writeAdmission(admissionDir, command, surfaceHash(tools), tools);
  ctx.out.result(
    { admitted: a.command, surface: a.surface, tools: Object.keys(a.tools).sort() },
    (r) =>
      `admitted ${r.admitted.join(' ')}: ${r.tools.length} tools, surface ${r.surface.slice(0, 16)}`,
  );
}
