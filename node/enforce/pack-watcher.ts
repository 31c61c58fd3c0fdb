// Hot-reloads the guard: watches what a running guard's community packs depend on and says
// when to reload: a new verified pack in a subscription (another process ran `mesh subscribe`, or the
// scheduler refreshed), an edited local override or node config, and the end of a shadow window.
// Polling a few small files, because renames by other processes defeat fs.watch on some systems.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_OPERATOR_POLICY } from '../../packs/index.js';
import type { NodeConfig } from '../state/config.js';
import {
  isSubscriptionSpec,
  parseSubscriptionSpec,
  readSubscription,
  subscriptionDir,
} from '../subscription/index.js';

export interface PackWatcherOptions {
  stateRoot: string;
  specs: readonly string[];
  config: () => NodeConfig;
  intervalMs: number;
  onChange: (why: string) => void;
  onError?: (error: unknown) => void;
  now?: () => number;
}

function mtime(file: string): string {
  try {
    const s = statSync(file);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return 'absent';
  }
}

/** What the loaded packs depend on, per subscription; a change of any part means reload. */
function fingerprints(stateRoot: string, ids: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  out.set('node config', mtime(join(stateRoot, 'config.json')));
  for (const id of ids) {
    const good = readSubscription(subscriptionDir(stateRoot, id))?.good;
    out.set(`subscription ${id}`, good?.sha256 ?? 'none');
    const pack = id.slice(0, id.lastIndexOf('@'));
    out.set(`local edits of ${pack}`, mtime(join(stateRoot, 'packs', `${pack}.local.json`)));
  }
  return out;
}

/** The earliest shadow window still open after `since` (ms), with the rule it belongs to. */
function nextShadowEnd(
  stateRoot: string,
  ids: readonly string[],
  windowSeconds: number,
  since: number,
): { at: number; rule: string } | null {
  let best: { at: number; rule: string } | null = null;
  for (const id of ids) {
    const seen = readSubscription(subscriptionDir(stateRoot, id))?.firstSeen ?? {};
    for (const [rule, iso] of Object.entries(seen)) {
      const at = (Math.floor(Date.parse(iso) / 1000) + windowSeconds) * 1000;
      if (Number.isFinite(at) && at > since && (best === null || at < best.at))
        best = { at, rule: `${id}/${rule}` };
    }
  }
  return best;
}

/** Starts polling; the returned function stops it. The timer never keeps the process alive. */
export function watchPacks(opts: PackWatcherOptions): () => void {
  const now = opts.now ?? Date.now;
  const ids = opts.specs.filter(isSubscriptionSpec).map((s) => parseSubscriptionSpec(s).id);
  const windowOf = (): number =>
    (opts.config().operator ?? DEFAULT_OPERATOR_POLICY).shadowWindowSeconds;
  let last = fingerprints(opts.stateRoot, ids);
  let checkedAt = now();
  const timer = setInterval(() => {
    try {
      const t = now();
      const current = fingerprints(opts.stateRoot, ids);
      const changed = [...current].filter(([k, v]) => last.get(k) !== v).map(([k]) => k);
      const ended = nextShadowEnd(opts.stateRoot, ids, windowOf(), checkedAt);
      last = current;
      checkedAt = t;
      if (changed.length > 0) opts.onChange(`${changed.join(', ')} changed`);
      else if (ended !== null && ended.at <= t)
        opts.onChange(`shadow window of ${ended.rule} ended`);
    } catch (e) {
      opts.onError?.(e);
    }
  }, opts.intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
