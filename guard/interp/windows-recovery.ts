// Windows' recovery destroyed from code handed to `cmd /c` or `pwsh -Command` (shadow copies,
// backup catalogues, the recovery environment): the shell's reading, per statement and stage
// (docs/guard.md "Interpreter code").
import type { IntentHit } from '../shell/intents.js';
import { windowsRecoveryWipe } from '../shell/backup-wipe.js';

/** At most this much code is read: attacker-controlled text, split by bounded regexes only. */
const MAX_CODE = 64 * 1024;

/** Each pipeline stage of `code` as its words (quotes off), with the stage that feeds it. */
export function codeStages(code: string): { words: string[]; fed: string }[] {
  const out: { words: string[]; fed: string }[] = [];
  for (const statement of code.slice(0, MAX_CODE).split(/&&|\|\||[&;\n]/)) {
    let fed = '';
    for (const stage of statement.split('|')) {
      const words = stage
        .trim()
        .split(/\s+/)
        .filter((w) => w !== '')
        .map((w) => w.replace(/^['"]|['"]$/g, ''));
      out.push({ words, fed });
      fed = stage;
    }
  }
  return out;
}

export function windowsRecoveryHits(code: string): IntentHit[] {
  const hits: IntentHit[] = [];
  for (const { words, fed } of codeStages(code)) {
    const hit = windowsRecoveryWipe(words, fed);
    if (hit !== null) hits.push(hit);
  }
  return hits;
}
