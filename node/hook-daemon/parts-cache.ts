// The hook daemon's cache of what a hook call opens: the stores and the compiled packs, reused while
// the flags and the pack files stay the same (a changed file pack is a new key, so it is recompiled).
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { HookParts, HookPartsCache } from '../guard/hook-service.js';

/** Distinct flag sets and pack contents kept at once; the least recently used is closed. */
const MAX_ENTRIES = 16;

/**
 * What a pack spec's compiled form depends on, or null when it cannot be cached: a subscribed
 * (`mesh:`) pack is enforced against the clock (shadow windows) and the node config.
 */
function packKey(spec: string): string | null {
  if (spec.startsWith('builtin:')) return spec;
  if (spec.startsWith('mesh:')) return null;
  try {
    const path = resolve(spec);
    const s = statSync(path);
    return `${path}\u0000${s.ino}\u0000${s.size}\u0000${s.mtimeMs}\u0000${s.ctimeMs}`;
  } catch {
    return null;
  }
}

export interface PartsCache {
  lookup: HookPartsCache;
  size(): number;
  close(): void;
}

export function createPartsCache(): PartsCache {
  const entries = new Map<string, HookParts>();
  const closeQuietly = (p: HookParts): void => {
    try {
      p.close();
    } catch {
      // Closing is best effort: the entry is gone either way.
    }
  };
  return {
    lookup(stateRoot, req, withSessions, build) {
      const packs = req.packs.map(packKey);
      if (packs.includes(null)) return { parts: build(), cached: false };
      const key = JSON.stringify([
        stateRoot,
        packs,
        req.flowRules,
        req.receipts ?? null,
        req.nodeKey ?? null,
        withSessions,
      ]);
      const hit = entries.get(key);
      if (hit !== undefined) {
        entries.delete(key);
        entries.set(key, hit);
        return { parts: hit, cached: true };
      }
      const parts = build();
      entries.set(key, parts);
      for (const [k, old] of entries) {
        if (entries.size <= MAX_ENTRIES) break;
        entries.delete(k);
        closeQuietly(old);
      }
      return { parts, cached: true };
    },
    size: () => entries.size,
    close() {
      for (const p of entries.values()) closeQuietly(p);
      entries.clear();
    },
  };
}
