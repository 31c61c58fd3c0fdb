// `kubectl get secrets -o custom-columns=NAME:.metadata.name,TYPE:.type` and `-o
// jsonpath='{.items[*].metadata.name}'` print names and metadata, never a value: only `.data`,
// `.stringData`, the last-applied annotation (the whole manifest, values included) and whole
// objects hold one (docs/guard.md "Shell analysis"). A `.data` key that names where or as whom
// (`.data.username`, `.data.host`, `.data.port`) holds no secret either, as `vault -field=username`
// does not (secret-cli-fields.ts); `.data.password` and any other key stay a read.
import { NON_SECRET_FIELD } from './names-projection.js';

/** Fields of a secret that hold no value, after an optional `.items[*]` of a list. */
const METADATA_FIELD =
  /^\.?(?:items\[(?:\*|\d+)\]\.)?(?:metadata\.(?:name|namespace|creationTimestamp|uid|resourceVersion|generation|labels(?:\.[\w./-]+)?|ownerReferences\[(?:\*|\d+)\]\.(?:name|kind))|type|immutable|kind|apiVersion)$/;

/** `.data.username` after an optional `.items[*]`, its key one of the non-secret field names. */
const DATA_KEY = /^\.?(?:items\[(?:\*|\d+)\]\.)?(?:data|stringData)\.([\w-]{1,64})$/;

/** A jsonpath field that holds no secret's value. */
function noValueField(e: string): boolean {
  if (METADATA_FIELD.test(e)) return true;
  const key = DATA_KEY.exec(e)?.[1];
  return key !== undefined && NON_SECRET_FIELD.test(key);
}

/** `NAME:.metadata.name,TYPE:.type`: every column names a field that holds no value. */
function columnsNamesOnly(spec: string): boolean {
  const cols = spec.split(',');
  return (
    cols.length <= 32 &&
    cols.every((c) => {
      const at = c.indexOf(':');
      return at > 0 && noValueField(c.slice(at + 1).replace(/^\{|\}$/g, ''));
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
      noValueField(e)
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
