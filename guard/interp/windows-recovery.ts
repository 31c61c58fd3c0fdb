// Windows' recovery destroyed from code handed to `cmd /c` or `pwsh -Command` (shadow copies,
// backup catalogues, the recovery environment): the shell's reading, per statement and stage
// (docs/guard.md "Interpreter code").
import type { IntentHit } from '../shell/intents.js';
import { windowsRecoveryWipe } from '../shell/backup-wipe.js';

/** At most this much code is read: attacker-controlled text, split by bounded regexes only. */
const MAX_CODE = 64 * 1024;

export function windowsRecoveryHits(code: string): IntentHit[] {
  const hits: IntentHit[] = [];
  for (const statement of code.slice(0, MAX_CODE).split(/&&|\|\||[&;\n]/)) {
    let fed = '';
    for (const stage of statement.split('|')) {
      const words = stage
        .trim()
        .split(/\s+/)
        .filter((w) => w !== '')
        .map((w) => w.replace(/^['"]|['"]$/g, ''));
      const hit = windowsRecoveryWipe(words, fed);
      if (hit !== null) hits.push(hit);
      fed = stage;
    }
  }
  return hits;
}
