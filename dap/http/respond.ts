// DAP-18 §3 HTTP plumbing shared by the Leader and Helper apps: bodies, media types, problems, auth.
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { bearerMatches } from '../auth.js';
import { isMediaType, type MediaTypeName, MediaType } from '../messages/index.js';
import { DapProblem, HttpProblem, PROBLEM_MEDIA_TYPE, type ProblemDocument } from '../problem.js';

export function problemResponse(doc: ProblemDocument): Response {
  return new Response(JSON.stringify(doc), {
    status: doc.status,
    headers: { 'content-type': PROBLEM_MEDIA_TYPE },
  });
}

/** Every error becomes a problem document; unexpected ones say nothing about internals. */
export function installErrorHandling(
  app: Hono,
  maxBodyBytes: number,
  onInternal: (e: unknown) => void,
): void {
  app.use(
    '*',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () =>
        problemResponse(
          new HttpProblem(
            413,
            'Content Too Large',
            `body exceeds ${maxBodyBytes} bytes`,
          ).toDocument(),
        ),
    }),
  );
  app.onError((e) => {
    if (e instanceof DapProblem || e instanceof HttpProblem) return problemResponse(e.toDocument());
    onInternal(e);
    return problemResponse({ type: 'about:blank', title: 'Internal Server Error', status: 500 });
  });
  app.notFound(() =>
    problemResponse(new HttpProblem(404, 'Not Found', 'no such resource').toDocument()),
  );
}

/** The request body, once its media type is the one the resource takes (§10.1). */
export async function body(
  c: Context,
  want: MediaTypeName,
  taskId?: Uint8Array,
): Promise<Uint8Array> {
  if (!isMediaType(c.req.header('content-type'), want))
    throw new DapProblem('invalidMessage', `expected Content-Type ${MediaType[want]}`, taskId);
  return new Uint8Array(await c.req.arrayBuffer());
}

export function requireBearer(c: Context, digest: string): void {
  const h = c.req.header('authorization');
  if (h === undefined) throw new HttpProblem(401, 'Unauthorized', 'bearer token required');
  if (!bearerMatches(h, digest))
    throw new HttpProblem(403, 'Forbidden', 'bearer token not accepted');
}

export function dapResponse(
  bytes: Uint8Array,
  type: MediaTypeName,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(bytes, { status, headers: { 'content-type': MediaType[type], ...headers } });
}
