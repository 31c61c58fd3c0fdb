// Test helpers for dap/: real hono servers on 127.0.0.1:0, task files in temp dirs.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { newTaskFiles, type TaskFiles, type TaskParamsJson } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';

export interface Listening {
  app: Hono;
  url: string;
  close(): Promise<void>;
}

export async function listen(): Promise<Listening> {
  const app = new Hono();
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => {
      resolve(s);
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}

export const tempDir = (name: string): string => mkdtempSync(join(tmpdir(), `mesh-dap-${name}-`));

export function writeTaskFiles(dir: string, files: TaskFiles): Record<keyof TaskFiles, string> {
  const out = {} as Record<keyof TaskFiles, string>;
  for (const role of ['client', 'leader', 'helper', 'collector'] as const) {
    const p = join(dir, `${role}.json`);
    writeFileSync(p, JSON.stringify(files[role], null, 2), { mode: 0o600 });
    out[role] = p;
  }
  return out;
}

export function taskParams(
  leader: string,
  helper: string,
  over: Partial<TaskParamsJson> = {},
): TaskParamsJson {
  return {
    task_info: Buffer.from('test task').toString('base64url'),
    leader: `${leader}/leader/`,
    helper: `${helper}/helper/`,
    time_precision: 60,
    min_batch_size: 5,
    batch_mode: 'time_interval',
    vdaf: { type: 'Prio3Count' },
    ...over,
  };
}

/** POSTs an UploadRequest body to a Leader's reports URL: its status and the decoded UploadErrors. */
export async function postUpload(
  url: string,
  body: Uint8Array,
): Promise<{ status: number; errors: m.ReportUploadStatus[] }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': m.MediaType.uploadReq },
    body,
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {
    status: res.status,
    errors: res.status === 200 && bytes.length > 0 ? m.decodeUploadErrors(bytes) : [],
  };
}

export { newTaskFiles };
// Internals the end-to-end suites use to forge requests (test/e2e may not reach inside dap/).
export { bearer } from '../../dap/auth.js';
export { sealInputShare } from '../../dap/envelope.js';
