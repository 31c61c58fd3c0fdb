// Code that empties a cloud bucket through its SDK (docs/guard.md "Interpreter code"): every object
// a listing without a prefix names, deleted one by one or in a batch, or the bucket deleted with them.
import type { IntentHit } from '../shell/intents.js';

/** A listing of a whole bucket: no prefix, no filter (`bucket.list_blobs()`, `bucket.objects.all()`). */
const WHOLE_LISTING =
  /\b(?:list_blobs|getFiles)\s*\(\s*(?:['"][^'"\n]{0,200}['"]\s*)?\)|\.(?:objects|object_versions)\s*\.\s*all\s*\(\s*\)|\blist_objects(?:_v2)?\s*\(\s*Bucket\s*=\s*[^,()\n]{1,200}\)/;
/** A delete of what was listed: the objects, a batch of them, or their bucket. */
const DELETES = /\.\s*delete\s*\(|\bdelete_(?:blobs|objects)\s*\(|\bdeleteFiles?\s*\(/;
/** Calls that empty or drop a bucket on their own: `deleteFiles()` with no query, `delete(force=True)`. */
const EMPTIES_ITSELF =
  /\bdeleteFiles\s*\(\s*(?:\{\s*force\s*:\s*true\s*\}\s*)?\)|\.\s*(?:objects|object_versions)\s*\.\s*all\s*\(\s*\)\s*\.\s*delete\s*\(|\bbucket\s*\.\s*delete\s*\(\s*force\s*=\s*True\s*\)/;

/**
 * An `infra_destroy` hit when the code deletes every object of a bucket. This code is
 * attacker-controlled: bounded regexes over at most 64 KiB.
 */
export function bucketEmpties(lang: string, code: string): IntentHit[] {
  const text = code.slice(0, 64 * 1024);
  return EMPTIES_ITSELF.test(text) || (WHOLE_LISTING.test(text) && DELETES.test(text))
    ? [{ intent: 'infra_destroy', detail: `${lang} deletes every object of a bucket` }]
    : [];
}
