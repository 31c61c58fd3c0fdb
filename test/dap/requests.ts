// Raw DAP requests for tests that check the draft's answer byte for byte, and a guard that a
// request left both aggregators' stores exactly as they were.
import { expect } from 'vitest';
import { bearer } from '../../dap/auth.js';
import { collect } from '../../dap/index.js';
import type { Interval } from '../../dap/messages/index.js';
import { dump, type Harness } from './harness.js';

export interface Answer {
  status: number;
  type: string | null;
  location: string | null;
  retryAfter: string | null;
  bytes: Uint8Array;
  problem?: { type?: string; detail?: string };
}

export const urn = (t: string): string => `urn:ietf:params:ppm:dap:error:${t}`;

export async function send(
  method: string,
  url: string,
  opts: { type?: string; body?: Uint8Array; token?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.type) headers['content-type'] = opts.type;
  if (opts.token) headers.authorization = bearer(opts.token);
  const res = await fetch(url, { method, headers, ...(opts.body ? { body: opts.body } : {}) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const type = res.headers.get('content-type');
  const answer: Answer = {
    status: res.status,
    type,
    location: res.headers.get('location'),
    retryAfter: res.headers.get('retry-after'),
    bytes,
  };
  if (type === 'application/problem+json')
    answer.problem = JSON.parse(new TextDecoder().decode(bytes)) as Answer['problem'];
  return answer;
}

/** Runs `f` and checks that neither aggregator's store changed. */
export async function unchanged<T>(h: Harness, f: () => Promise<T>): Promise<T> {
  const [l0, h0] = [await dump(h.leader.store), await dump(h.helper.store)];
  const out = await f();
  expect(await dump(h.leader.store)).toEqual(l0);
  expect(await dump(h.helper.store)).toEqual(h0);
  return out;
}

/**
 * Ticks the Leader's driver every `everyMs` until the returned stop() is awaited; one tick at a
 * time, as the driver's own loop does (overlapping ticks would race each other, not the peer).
 */
export function tickLoop(h: Harness, everyMs = 20): () => Promise<void> {
  const state = { stopped: false };
  const run = (async () => {
    while (!state.stopped) {
      await h.driver.tick();
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return async () => {
    state.stopped = true;
    await run;
  };
}

/** Collects INTERVAL (in time_precision units) as the Collector does, the driver ticking meanwhile. */
export async function collectTicking(
  h: Harness,
  interval: Interval,
): Promise<Awaited<ReturnType<typeof collect>>> {
  const stop = tickLoop(h, 50);
  try {
    return await collect(h.files.collector, { interval }, { timeoutMs: 20_000 });
  } finally {
    await stop();
  }
}
