// Issue 8 "Flow and taint": the strings of a call's arguments (values and keys), each with its path,
// so a decision can name the tainted argument.

export interface Leaf {
  /** JSON path of the value, e.g. `args.headers.authorization` or `args.items[2]`. */
  path: string;
  text: string;
}

/** Every string (and object key) under `value`, depth-first, up to `maxBytes` of text in total. */
export function argumentLeaves(
  value: unknown,
  root: string,
  maxBytes: number,
): { leaves: Leaf[]; truncated: boolean } {
  const leaves: Leaf[] = [];
  let budget = maxBytes;
  let truncated = false;
  const add = (path: string, text: string): void => {
    if (budget <= 0) {
      truncated = true;
      return;
    }
    const kept = text.length > budget ? text.slice(0, budget) : text;
    if (kept.length < text.length) truncated = true;
    budget -= kept.length;
    leaves.push({ path, text: kept });
  };
  const walk = (v: unknown, path: string, depth: number): void => {
    if (depth > 128) {
      truncated = true;
      return;
    }
    if (typeof v === 'string') add(path, v);
    else if (typeof v === 'number' || typeof v === 'bigint') add(path, String(v));
    else if (Array.isArray(v))
      v.forEach((x, i) => {
        walk(x, `${path}[${i}]`, depth + 1);
      });
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const p = `${path}.${k}`;
        add(p, k);
        walk(x, p, depth + 1);
      }
    }
  };
  walk(value, root, 0);
  return { leaves, truncated };
}
