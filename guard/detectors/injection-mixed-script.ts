// Injected instructions: Latin words spelt with Cyrillic or Greek look-alike letters ("Ѕystem nоtе",
// "sеssіоn"), a spelling that shows a person the word and hides it from a filter (Unicode TR #39
// §5, mixed-script detection). Detection reads the words folded back to Latin
// (injection-normalize.ts); their spelling is itself the sign of an instruction hidden from review.
// A Russian or Greek text is written in its own script (a stray Latin letter in a Cyrillic word is
// a keyboard slip, "Docker'е" an inflected name), and a page about homoglyph attacks shows a few
// spoofed names, not sentences.
import { CONFUSABLE_LETTERS } from './injection-normalize.js';

/**
 * A word with Latin letters and at least one look-alike among them (not "μs": a unit's Greek letter
 * looks like no Latin one); not a domain's label ("раypal.com" on a page about spoofed names).
 */
const MIXED_WORD = new RegExp(
  String.raw`(?<![\p{L}.@/])(?=\p{L}*[A-Za-z])(?=\p{L}*[${CONFUSABLE_LETTERS}])\p{L}{2,40}(?![\p{L}]|\.\p{L})`,
  'gu',
);
const LATIN = /[A-Za-z]/g;
/** How many such words make a spelling rather than an example or two. */
const MIN_WORDS = 5;
/** Most words read per text. */
const MAX_WORDS = 64;

/**
 * True when `text` (not folded) has at least MIN_WORDS words that are mostly Latin with Cyrillic
 * or Greek letters among them. Called only for texts that folding changed (they hold such letters).
 */
export function hasMixedScriptWords(text: string): boolean {
  MIXED_WORD.lastIndex = 0;
  let n = 0;
  let seen = 0;
  for (let m = MIXED_WORD.exec(text); m !== null && seen < MAX_WORDS; m = MIXED_WORD.exec(text)) {
    seen++;
    const w = m[0];
    const latin = w.match(LATIN)?.length ?? 0;
    // mostly Latin: a Cyrillic word with one Latin slip is not a spoof
    if (latin * 2 >= w.length && ++n >= MIN_WORDS) return true;
  }
  return false;
}
