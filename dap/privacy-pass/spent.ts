// The aggregators' durable spent-token set and window-key pins (docs/dap.md "Report tokens"): written
// in the same synced batch that accepts the report, so a crash never spends a token without its report.
import type { KvOp, KvStore } from '../storage/kv.js';
import type { Task } from '../task/task.js';
import type { TokenCheck } from './verify.js';

const spentKey = (t: string, id: string) => `t/${t}/tok/${id}`;
const pinKey = (t: string, window: number) => `t/${t}/tokkey/${String(window).padStart(16, '0')}`;

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
  const spent = await store.getMany(present.map((c) => spentKey(t, c.spentId)));
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
    const wasSpent = spent[j++] !== undefined;
    const pin = pins.get(c.window);
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
      ops.push({ type: 'put', key: pinKey(t, c.window), value: new TextEncoder().encode(c.keyId) });
    }
    seen.add(c.spentId);
    ops.push({ type: 'put', key: spentKey(t, c.spentId), value: new Uint8Array(0) });
    refusals.push(undefined);
  }
  return { refusals, ops };
}
