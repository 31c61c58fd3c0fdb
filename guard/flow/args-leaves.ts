// Flow and taint: the strings of a call's arguments (values and keys), each with its path,
// so a decision can name the tainted argument.

export interface Leaf {
  /** JSON path of the value, e.g. `args.headers.authorization` or `args.items[2]`. */
  path: string;
  text: string;
  /** True for an object key rather than a value. */
  key?: boolean;
}

interface Walk {
  leaves: Leaf[];
  budget: number;
  truncated: boolean;
}

function add(w: Walk, path: string, text: string, key = false): void {
  if (w.budget <= 0) {
    w.truncated = true;
    return;
  }
  const kept = text.length > w.budget ? text.slice(0, w.budget) : text;
  if (kept.length < text.length) w.truncated = true;
  w.budget -= kept.length;
  w.leaves.push(key ? { path, text: kept, key } : { path, text: kept });
}

function walk(w: Walk, v: unknown, path: string, depth: number): void {
  if (depth > 128) {
    w.truncated = true;
    return;
  }
  if (typeof v === 'string') add(w, path, v);
  else if (typeof v === 'number' || typeof v === 'bigint') add(w, path, String(v));
  else if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) walk(w, v[i], `${path}[${i}]`, depth + 1);
  } else if (v !== null && typeof v === 'object') {
    for (const k of Object.keys(v)) {
      const p = `${path}.${k}`;
      add(w, p, k, true);
      walk(w, (v as Record<string, unknown>)[k], p, depth + 1);
    }
  }
}

/** Every string (and object key) under `value`, depth-first, up to `maxBytes` of text in total. */
export function argumentLeaves(
  value: unknown,
  root: string,
  maxBytes: number,
): { leaves: Leaf[]; truncated: boolean } {
  const w: Walk = { leaves: [], budget: maxBytes, truncated: false };
  walk(w, value, root, 0);
  return { leaves: w.leaves, truncated: w.truncated };
}
