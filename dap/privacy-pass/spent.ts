// The aggregators' durable spent-token set and window-key pins (docs/dap.md "Report tokens"): written
// in the same synced batch that accepts the report, so a crash never spends a token without its report.
// Both are indexed by token window, so the windows past the report-acceptance horizon (DAP-18 §6.4.1)
// are pruned; a watermark written before any entry goes refuses every token of a pruned window.
import type { KvOp, KvStore } from '../storage/kv.js';
import type { Task } from '../task/task.js';
import type { TokenCheck } from './verify.js';

const pad = (n: number) => String(n).padStart(16, '0');
const spentPrefix = (t: string) => `t/${t}/tokw/`;
const spentKey = (t: string, window: number, id: string) => `${spentPrefix(t)}${pad(window)}/${id}`;
/** Spent entries written before they were indexed by window: still read, never pruned. */
const legacySpentKey = (t: string, id: string) => `t/${t}/tok/${id}`;
const pinPrefix = (t: string) => `t/${t}/tokkey/`;
const pinKey = (t: string, window: number) => `${pinPrefix(t)}${pad(window)}`;
/** Every window below this one has been (or is being) pruned. */
const watermarkKey = (t: string) => `t/${t}/tokgc`;

const enc = new TextEncoder();
const dec = new TextDecoder();

async function watermark(store: KvStore, t: string): Promise<number> {
  const v = await store.get(watermarkKey(t));
  return v === undefined ? 0 : Number(dec.decode(v));
}

type Accepted = Extract<TokenCheck, { ok: true }>;
type Refused = Extract<TokenCheck, { ok: false }>;

/**
 * Looks up the spent set and the window-key pins for a batch of accepted checks, in order; a token
 * that repeats inside the batch, or a second key for one window, is refused like a spent one.
 * Call it under the role's writer lock and write `ops` in the batch that accepts the reports.
 */
export async function spendTokens(
  store: KvStore,
  task: Task,
  checks: readonly (Accepted | undefined)[],
): Promise<{ refusals: (Refused | undefined)[]; ops: KvOp[] }> {
  const t = task.idB64;
  const present = checks.filter((c): c is Accepted => c !== undefined);
  const pruned = await watermark(store, t);
  const spent = await store.getMany(
    present.flatMap((c) => [spentKey(t, c.window, c.spentId), legacySpentKey(t, c.spentId)]),
  );
  const windows = [...new Set(present.map((c) => c.window))];
  const pins = new Map<number, string>();
  const pinned = await store.getMany(windows.map((w) => pinKey(t, w)));
  windows.forEach((w, i) => {
    const v = pinned[i];
    if (v !== undefined) pins.set(w, new TextDecoder().decode(v));
  });
  const ops: KvOp[] = [];
  const seen = new Set<string>();
  const refusals: (Refused | undefined)[] = [];
  let j = 0;
  for (const c of checks) {
    if (c === undefined) {
      refusals.push(undefined);
      continue;
    }
    const wasSpent = spent[2 * j] !== undefined || spent[2 * j + 1] !== undefined;
    j++;
    const pin = pins.get(c.window);
    if (c.window < pruned) {
      refusals.push({ ok: false, code: 'token_window_pruned' });
      continue;
    }
    if (wasSpent || seen.has(c.spentId)) {
      refusals.push({ ok: false, code: 'token_spent' });
      continue;
    }
    if (pin !== undefined && pin !== c.keyId) {
      refusals.push({ ok: false, code: 'token_key_inconsistent' });
      continue;
    }
    if (pin === undefined) {
      pins.set(c.window, c.keyId);
      ops.push({ type: 'put', key: pinKey(t, c.window), value: enc.encode(c.keyId) });
    }
    seen.add(c.spentId);
    ops.push({ type: 'put', key: spentKey(t, c.window, c.spentId), value: new Uint8Array(0) });
    refusals.push(undefined);
  }
  return { refusals, ops };
}

const PRUNE_BATCH = 2000;

/**
 * Drops the spent tokens and window-key pins of every token window that ends before
 * `horizonSeconds` (reports of such windows are refused by the time checks already). The watermark
 * is synced first, so after a crash at any point a token of a pruned window is refused
 * (`token_window_pruned`) even if its entry is gone; re-running finishes the deletions.
 * `locked` runs a step under the role's writer lock.
 *
 * @example await pruneSpentTokens(store, task, now - retention, (f) => mutex.run(f))
 */
export async function pruneSpentTokens(
  store: KvStore,
  task: Task,
  horizonSeconds: number,
  locked: <R>(f: () => Promise<R>) => Promise<R> = (f) => f(),
): Promise<number> {
  const p = task.tokens;
  if (p === undefined) return 0;
  const t = task.idB64;
  // Window w covers [w*W, (w+1)*W): it is past the horizon once (w+1)*W <= horizon.
  const below = Math.floor(horizonSeconds / p.windowSeconds);
  if (below <= 0) return 0;
  await locked(async () => {
    if ((await watermark(store, t)) < below)
      await store.write([{ type: 'put', key: watermarkKey(t), value: enc.encode(String(below)) }]);
  });
  let dropped = 0;
  for (const prefix of [spentPrefix(t), pinPrefix(t)]) {
    for (;;) {
      const ops: KvOp[] = await locked(async () => {
        const out: KvOp[] = [];
        for await (const [k] of store.scan(prefix, { lt: prefix + pad(below), limit: PRUNE_BATCH }))
          out.push({ type: 'del', key: k });
        await store.write(out);
        return out;
      });
      if (prefix === spentPrefix(t)) dropped += ops.length;
      if (ops.length < PRUNE_BATCH) break;
    }
  }
  return dropped;
}
