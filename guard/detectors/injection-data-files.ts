// Injected instructions: data files whose text is samples or lines a program shows its users, not
// words to the assistant (docs/guard.md "Injected instructions"). A test fixture's list of inputs
// (`tests/fixtures/jailbreak_prompts.txt`: one case a line) holds the attacks its test feeds a
// filter; a localisation catalogue or a game's dialogue file holds the strings a program displays.
// A line or string that names a command, an address or a home dot-file is still read: an order may
// hide in a fixture as in any text, and its comments are read as prose.
import { actRisk } from './injection-quotes.js';
import { FIXTURE_DIR } from './injection-source.js';

/** A plain list of cases in a test fixture folder: one input a line. */
const FIXTURE_LIST = new RegExp(
  String.raw`${FIXTURE_DIR}[\w.@-]+\.(?:txt|csv|tsv|lst|list|in)$`,
  'i',
);
/** Strings a program displays: catalogues by format, or JSON, YAML and TOML in a strings folder. */
const DISPLAY_STRINGS =
  /\.(?:po|pot|xliff|xlf|arb|resx)$|(?:^|\/)(?:locales?|i18n|l10n|lang|translations?|dialogues?|strings|subtitles)\/(?:[\w.@-]+\/)*[\w.@-]+\.(?:json|ya?ml|toml)$/i;

/** A data file read this way, by its path. */
export const isDataTextFile = (path: string): boolean =>
  FIXTURE_LIST.test(path) || DISPLAY_STRINGS.test(path);

/** A comment line in a list of cases (`#`, `//`, `;`): the fixture's own prose. */
const COMMENT_LINE = /^\s*(?:#|\/\/|;)/;
/**
 * A fixture's header naming its lines as attack samples kept for tests: "jailbreak / injection
 * strings used in regression tests", "prompt injection payloads for the filter's test cases".
 */
const SAMPLES_HEADER =
  /\b(?:jailbreaks?|injections?|attacks?|payloads?|adversarial|red[\s-]?team)\b[^\n]{0,80}\b(?:strings?|samples?|prompts?|payloads?|cases?|inputs?|examples?|fixtures?|corpus)\b[^\n]{0,80}\b(?:tests?|testing|regression|eval(?:s|uation)?|fixtures?|detector|filter|classifier)\b/i;
/** A double-quoted string of a catalogue or data file (JSON, YAML flow, gettext's `msgstr "..."`). */
const STRING = /"(?:[^"\\\n]|\\.){1,2000}"/g;

/**
 * `text` with its samples set aside: a fixture list's lines other than comments, a catalogue's
 * double-quoted strings; each kept when it names a command, an address or a home dot-file.
 */
export function dataFileWithoutSamples(text: string, path: string): string {
  if (FIXTURE_LIST.test(path)) {
    const lines = text.split('\n');
    // a header that calls the lines attack samples ("Known jailbreak strings used in regression
    // tests") makes every later line a sample, one that starts with `#` too (`### SYSTEM OVERRIDE`)
    const head = lines.findIndex((l) => !COMMENT_LINE.test(l));
    const samplesFrom = head > 0 && SAMPLES_HEADER.test(lines.slice(0, head).join(' ')) ? head : -1;
    return lines
      .map((l, i) =>
        (COMMENT_LINE.test(l) && (samplesFrom < 0 || i < samplesFrom)) || actRisk(l) ? l : '',
      )
      .join('\n');
  }
  return text.replace(STRING, (s) => (actRisk(s) ? s : '""'));
}
