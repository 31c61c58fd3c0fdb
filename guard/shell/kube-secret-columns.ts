// `kubectl get secrets -o custom-columns=NAME:.metadata.name,TYPE:.type` and `-o
// jsonpath='{.items[*].metadata.name}'` print names and metadata, never a value: only `.data`,
// `.stringData`, the last-applied annotation (the whole manifest, values included) and whole
// objects hold one (docs/guard.md "Shell analysis"). Any other field stays a read.

/** Fields of a secret that hold no value, after an optional `.items[*]` of a list. */
const METADATA_FIELD =
  /^\.?(?:items\[(?:\*|\d+)\]\.)?(?:metadata\.(?:name|namespace|creationTimestamp|uid|resourceVersion|generation|labels(?:\.[\w./-]+)?|ownerReferences\[(?:\*|\d+)\]\.(?:name|kind))|type|immutable|kind|apiVersion)$/;

/** `NAME:.metadata.name,TYPE:.type`: every column names a field that holds no value. */
function columnsNamesOnly(spec: string): boolean {
  const cols = spec.split(',');
  return (
    cols.length <= 32 &&
    cols.every((c) => {
      const at = c.indexOf(':');
      return at > 0 && METADATA_FIELD.test(c.slice(at + 1).replace(/^\{|\}$/g, ''));
    })
  );
}

/** `{.items[*].metadata.name}{"\n"}`, with `{range .items[*]}`...`{end}`: names and metadata only. */
function jsonpathNamesOnly(template: string): boolean {
  const parts = template.match(/\{[^{}]*\}|[^{}]+/g) ?? [];
  if (parts.length === 0 || parts.length > 64 || parts.join('') !== template) return false;
  return parts.every((p) => {
    if (!p.startsWith('{')) return !/[{}]/.test(p);
    const e = p.slice(1, -1).trim();
    return (
      /^"(?:[^"\\]|\\[nt"])*"$/.test(e) ||
      e === 'end' ||
      /^range \.items\[\*\]$/.test(e) ||
      METADATA_FIELD.test(e)
    );
  });
}

/** The output format value `-o VALUE` prints no secret's value. */
export function kubeFormatNamesOnly(format: string): boolean {
  const v = format.replace(/^["']|["']$/g, '');
  if (v.startsWith('custom-columns=')) return columnsNamesOnly(v.slice('custom-columns='.length));
  if (v.startsWith('jsonpath=')) return jsonpathNamesOnly(v.slice('jsonpath='.length));
  return false;
}
