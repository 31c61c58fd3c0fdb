// Injected instructions: a detector's source code lists the inputs it must flag in its comments or
// docstring ("Example inputs we must flag:", "Examples that must be flagged:") and its code tests for
// the same words (`contains("ignore prior")`, `~r/ignore (previous|prior) instructions/`). Those
// samples are the program's test material, not words to the reader, even one naming a command: the
// call-time guard still stops the command if it is ever run (docs/guard.md "Injected instructions").
// A sample carrying a live exfiltration URL stays read, and so does every line outside the list.
import { liveExfil } from './injection-exfil-sample.js';

/** A heading that introduces the inputs a detector must catch. */
const HEADING =
  /\b(?:examples?|samples?|inputs?|payloads?|cases?|strings?|phrases?)\b[^\n]{0,60}\b(?:must|should|to|we|will)\s+(?:be\s+)?(?:flag(?:ged)?|catch|caught|detect(?:ed)?|block(?:ed)?|match(?:ed)?|reject(?:ed)?)\b/i;
/** Code that tests text for a literal or a pattern. */
const TESTS =
  /\b(?:contains|includes|starts_?with|index_?of|indexOf|match(?:es)?|test|search|find|is_match|Regex|regex|re\.(?:search|match|compile|findall)|Pattern\.compile|strings\.Contains)\b|~r\/|=~/;
/** A comment or docstring line (leading marker optional inside a docstring) holding a quoted sample. */
const SAMPLE_LINE = /^[ \t]*(?:\/\/[!/]?|#|\*|--|;)?[ \t]*(?:[-*+][ \t]+)?["“'`][^\n]*$/;
/** The quoted samples of a line. */
const QUOTED = /"[^"\n]{1,300}"|“[^”\n]{1,300}”|`[^`\n]{1,300}`/g;
/** Words of four letters or more: what a sample shares with the code's literals. */
const WORD = /\p{L}{4,}/gu;

/** A comment line: the code's words are read from the lines after the list that are not comments. */
const COMMENT = /^[ \t]*(?:\/\/|#|\*|\/\*|--|;)/;

/**
 * `text` (a source file) with the quoted samples listed under a detector's examples heading blanked
 * when the code after the list tests for words of the sample; else `text`.
 */
export function withoutDetectorSamples(text: string): string {
  const head = HEADING.exec(text);
  if (head === null) return text;
  const lineEnd = text.indexOf('\n', head.index + head[0].length);
  if (lineEnd < 0) return text;
  const lines = text.slice(lineEnd + 1).split('\n');
  let n = 0;
  while (n < lines.length && SAMPLE_LINE.test(lines[n] ?? '')) n++;
  if (n === 0) return text;
  const code = lines
    .slice(n)
    .filter((l) => !COMMENT.test(l))
    .join('\n');
  if (!TESTS.test(code)) return text;
  const tested = new Set(code.toLowerCase().match(WORD) ?? []);
  const list = lines
    .slice(0, n)
    .map((l) =>
      l.replace(QUOTED, (q) =>
        !liveExfil(q) && (q.toLowerCase().match(WORD) ?? []).some((w) => tested.has(w)) ? '""' : q,
      ),
    );
  return [text.slice(0, lineEnd + 1), ...list, ...lines.slice(n)].join('\n');
}
