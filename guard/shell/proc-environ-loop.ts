// `for p in /proc/[0-9]*; do tr '\0' '\n' < $p/environ; done`: a loop over the process folders
// that reads each one's environment through the loop variable, also where the analysis keeps the
// words unexpanded (a redirect's file). Another process's environment holds its keys
// (docs/guard.md "Shell analysis").
import type { IntentHit } from './intents.js';

/** At most this much of a script is read. */
const MAX_SOURCE = 16 * 1024;
const LOOP =
  /\bfor\s+([A-Za-z_]\w*)\s+in\s+([^;\n]{1,400}?)\s*(?:;|\n)\s*do\b([\s\S]{0,2000}?)\bdone\b/g;
/** A list that names the process folders: `/proc/*`, `/proc/[0-9]*`, `$(ls -d /proc/[0-9]*)`. */
const PROC_LIST = /(?:^|[\s"'(])\/proc\/[^\s/;]*[*?[]/;

/** Environments of other processes read by a loop over `/proc`, as a hit, or none. */
export function procEnvironLoop(source: string): IntentHit[] {
  const text = source.slice(0, MAX_SOURCE);
  for (const m of text.matchAll(LOOP)) {
    const [, name = '', list = '', body = ''] = m;
    if (!PROC_LIST.test(list)) continue;
    const read = new RegExp(
      String.raw`(?:\$\{${name}\}["']?/?|\$${name}["']?/)(?:task/[^/\s]+/)?environ\b`,
    );
    if (read.test(body))
      return [{ intent: 'credential_read', detail: 'a loop reads every process environment' }];
  }
  return [];
}
