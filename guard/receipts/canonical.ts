// Canonical JSON for receipt hashing: sorted keys, no whitespace, JSON.stringify string escaping.
// Not common's (TUF's) encoder: that one refuses floats and undefined fields that tool inputs carry,
// and escapes and sorts differently, so stored receipt, rule and admission digests depend on this
// one (test/guard/receipts/canonical-vs-common.test.ts shows where they differ).

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const s = JSON.stringify(value) as string | undefined;
    return s ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
