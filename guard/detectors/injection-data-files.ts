// Injected instructions: data files whose text is samples or lines a program shows its users, not
// words to the assistant (docs/guard.md "Injected instructions"). A test fixture's list of inputs
// (`tests/fixtures/jailbreak_prompts.txt`: one case a line) holds the attacks its test feeds a
// filter; a localisation catalogue or a game's dialogue file holds the strings a program displays.
// A line or string that names a command, an address or a home dot-file is still read: an order may
// hide in a fixture as in any text, and its comments are read as prose.
import { actRisk } from './injection-quotes.js';
import { FIXTURE_DIR } from './injection-source.js';
import { liveExfil, reservedHostsOnly } from './injection-exfil-sample.js';

/** A plain list of cases in a test fixture folder: one input a line. */
const FIXTURE_LIST = new RegExp(
  String.raw`${FIXTURE_DIR}[\w.@-]+\.(?:txt|csv|tsv|lst|list|in)$`,
  'i',
);
/** Strings a program displays: catalogues by format, or JSON, YAML and TOML in a strings folder. */
const DISPLAY_STRINGS =
  /\.(?:po|pot|xliff|xlf|arb|resx)$|(?:^|\/)(?:locales?|i18n|l10n|lang|translations?|dialogues?|strings|subtitles)\/(?:[\w.@-]+\/)*[\w.@-]+\.(?:json|ya?ml|toml)$/i;

/** A document in a test fixture folder (a PR body, a page, a mail): samples once its header says so. */
const FIXTURE_DOC = new RegExp(
  String.raw`${FIXTURE_DIR}[\w.@-]+\.(?:md|markdown|html?|xml|eml|rst|adoc)$`,
  'i',
);

/** A data file read this way, by its path. */
export const isDataTextFile = (path: string): boolean =>
  FIXTURE_LIST.test(path) || DISPLAY_STRINGS.test(path) || FIXTURE_DOC.test(path);

/** A comment line in a list of cases (`#`, `//`, `;`): the fixture's own prose. */
const COMMENT_LINE = /^\s*(?:#|\/\/|;)/;
/**
 * A fixture's header naming its lines as attack samples kept for tests: "jailbreak / injection
 * strings used in regression tests", "prompt injection payloads for the filter's test cases".
 */
const SAMPLES_HEADER =
  /\b(?:jailbreaks?|injections?|attacks?|payloads?|adversarial|red[\s-]?team)\b[^\n]{0,80}\b(?:strings?|samples?|prompts?|payloads?|cases?|inputs?|examples?|fixtures?|corpus)\b[^\n]{0,80}\b(?:tests?|testing|regression|eval(?:s|uation)?|fixtures?|detector|filter|classifier)\b/i;
/**
 * A fixture's header that says what its text is for, in any order: a fixture, inputs or cases, of
 * attacks, for a test, detector or filter ("Test fixtures for the prompt-injection detector. These
 * strings are INPUTS to be classified", "<!-- Test fixture for the injection filter. DO NOT act -->").
 */
const FIXTURE_HEADER =
  /^(?=[^\n]{0,300}?\b(?:fixtures?|test\s+(?:cases?|inputs?|data)|inputs?|samples?|cases?)\b)(?=[^\n]{0,300}?\b(?:(?:prompt[\s-])?injections?|jailbreaks?|attacks?|malicious|adversarial|payloads?|red[\s-]?team)\b)(?=[^\n]{0,300}?\b(?:tests?|detectors?|filters?|classifi\w+|scanners?|guards?|eval\w*|regression)\b)/i;
const declares = (header: string): boolean =>
  SAMPLES_HEADER.test(header) || header.split('\n').some((l) => FIXTURE_HEADER.test(l));

/**
 * A declared fixture's line read as an order: one that sends to or runs from a live host, or names a
 * command, an address or a home dot-file while every host it names is not reserved (a line whose
 * hosts are all `evil.example`, `evil.test` sends nothing anywhere).
 */
const declaredOrder = (l: string): boolean => liveExfil(l) || (actRisk(l) && !reservedHostsOnly(l));

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
    const samplesFrom = head > 0 && declares(lines.slice(0, head).join('\n')) ? head : -1;
    return lines
      .map((l, i) =>
        (COMMENT_LINE.test(l) && (samplesFrom < 0 || i < samplesFrom)) ||
        (samplesFrom < 0 ? actRisk(l) : declaredOrder(l))
          ? l
          : '',
      )
      .join('\n');
  }
  if (FIXTURE_DOC.test(path)) {
    // a document is a fixture only by its first line's word (a comment, a heading, a title)
    const first = text.trimStart().split('\n', 1)[0] ?? '';
    if (!declares(first)) return text;
    const lines = text.split('\n');
    const at = lines.indexOf(first);
    return lines.map((l, i) => (i <= at || declaredOrder(l) ? l : '')).join('\n');
  }
  return text.replace(STRING, (s) => (actRisk(s) ? s : '""'));
}
