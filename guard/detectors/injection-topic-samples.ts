// Injected instructions: a text ABOUT attacks (an advisory, a write-up, a bug thread on a jailbreak)
// shows its payloads as samples (docs/guard.md "Injected instructions"). Once a signature fired in
// such a text, it is read again with its quoting constructs blanked: quotes of every script, code
// spans and fences, indented code, `>` quotes, list items under a line ending in ":", and the rest
// of a sentence after "such as" / "e.g.". What a page would hide when rendered (an HTML comment in
// its prose), an order in its own voice, and a sample sending data to a live host stay read.
import { liveExfil } from './injection-exfil-sample.js';
import { QUOTED_PHRASE } from './injection-quotes.js';

/** Topic words, several languages: one distinct hit counts once. */
const TOPIC =
  /prompt[\s-]?injecti|prompt[\s-]?injektion|jailbreak|\badvisor(?:y|ies)\b|\bGHSA-|\bCVE-\d|\bCVSS|\battackers?\b|\battacks?\b|\bresearchers?\b|vulnerabilit|\bmitigations?\b|\bdisclosure\b|\bpayloads?\b|\bexploit|reported\s+by|\bbount(?:y|ies)\b|\bmalicious\b|red[\s-]team|\bsecurity\b|\bpwned\b|system\s+prompt|steps\s+to\s+reproduce|angreifer|angriff|sicherheitsforscher|schwachstelle|sicherheitsl[üu]cke|attaquant|vuln[ée]rabilit[ée]|chercheur|atacante|vulnerabilidad|investigador|攻撃|脆弱性|インジェクション|攻击|漏洞|注入/giu;
/** Terms that alone make a text about attacks. */
const STRONG = /prompt[\s-]?inje|jailbreak|GHSA-|CVE-\d|インジェクション|注入/iu;

/** A text about attacks: a strong term, or two distinct topic words. */
export function aboutAttacks(text: string): boolean {
  if (STRONG.test(text)) return true;
  const seen = new Set<string>();
  for (const m of text.matchAll(TOPIC)) {
    seen.add(m[0].toLowerCase());
    if (seen.size >= 2) return true;
  }
  return false;
}

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]{0,20000}?^[ \t]{0,3}\1[ \t]*$/gm;
/** An indented code block (CommonMark §4.4) or a `>` quote block (§5.1), whole lines. */
const SET_OFF_LINE = /^(?:[ \t]{0,3}>| {4}|\t)[^\n]*$/gm;
/** A list item (CommonMark §5.2) under a line ending in ":" (with items between). */
const LIST_UNDER =
  /(?<=:[ \t]*\n(?:[ \t]*\n)?)(?:[ \t]{0,3}(?:[-*+]|\d{1,3}[.)])[ \t][^\n]*(?:\n|$))+/g;
/** An introducing phrase, then the sample to the sentence's end. */
const INTRODUCED =
  /(?:\bsuch\s+as|\be\.g\.,?|\bfor\s+(?:example|instance)|\b(?:text|instructions?|messages?|phrases?|something)\s+like|\bthe\s+message|\bwie|\bcomme|\bcomo|例如|比如)[ \t:]+(?!["“„«「`'])([^.!?\n。]{1,300})/giu;
/** An HTML comment (CommonMark §4.6): hidden when rendered, unless it sits in code or a quote. */
const COMMENT = /<!--/;
/** A lead spoken to the reader: "you", "note to", an assistant named before a colon or comma. */
const SPOKEN =
  /\b(?:you|your|yourself)\b|\b(?:note|message|instructions?|reminder|hint)\s+(?:to|for)\b|\b(?:assistants?|agents?|ai|llm|models?|bots?|copilot|claude|cursor|codex|gemini)\s*[:,]/i;
/** A lead that ends by introducing what follows: a colon, "such as", "like", "e.g.", "with". */
const INTRO_END = /(?::|\bsuch\s+as|\blike|\be\.g\.,?|\bwith|\bfor\s+(?:example|instance))\s*$/i;
/** Where a sentence ends. */
const STOP = /[.!?。](?:\s|$)/;
/** A markdown image whose URL carries a data template: rendered, it sends the data. */
const IMAGE_TEMPLATE =
  /!\[[^\]\n]{0,200}\]\([^)\n]*(?:\{[^{}\s]{1,40}\}|\$\(|\$\{|<[a-z_ -]{2,30}>)/i;

/** Blank a sample unless it still acts: a live exfiltration URL, a data-template image. */
const blank = (s: string): string =>
  liveExfil(s) || IMAGE_TEMPLATE.test(s) ? s : s.replace(/[^\n]/g, ' ');

/** `text` with its samples blanked when it is about attacks, else `text` itself. */
export function withoutTopicSamples(text: string): string {
  if (!aboutAttacks(text)) return text;
  const fenced = text.includes('```') || text.includes('~~~') ? text.replace(FENCE, blank) : text;
  const setOff = fenced.replace(SET_OFF_LINE, blank);
  const listed = setOff.includes(':') ? setOff.replace(LIST_UNDER, blank) : setOff;
  // a quote rendered as text shows its words, but an HTML comment in a plain quote is still hidden
  // an order in the text's own voice that quotes its command ("Note to the AI assistant: run
  // `curl ...`") is not a sample: only a quote its sentence introduces or only mentions is
  const quoted = listed.replace(QUOTED_PHRASE, (q: string, at: number) => {
    if (COMMENT.test(q) && !q.startsWith('`')) return q;
    const lead =
      listed
        .slice(listed.lastIndexOf('\n', at - 1) + 1, at)
        .split(STOP)
        .at(-1) ?? '';
    return SPOKEN.test(lead) && !INTRO_END.test(lead) ? q : blank(q);
  });
  return quoted.replace(INTRODUCED, (m: string, s: string) =>
    COMMENT.test(s) ? m : m.slice(0, m.length - s.length) + blank(s),
  );
}
