// Injected instructions: an override aimed at the reader's own instructions by any of their names
// (the system prompt, the developer or operator message, your guidelines, rules, policy, guardrails,
// what you were told, your original task), a claim that they are void, and a request to print them
// (docs/guard.md "Injected instructions"). An order is in the imperative, at a sentence's start or
// after `please`, `you must`: "the model ignored its system prompt" reports a bug, "to skip the
// system prompt, pass ..." documents a flag.

/** Where an imperative starts: a sentence or list item, a quote, or a softener or modal before it. */
const LEAD = String.raw`(?<=(?:^|[.!?;:>"'“(\[*•—–-])\s*|\b(?:please|kindly|now|just|simply|so|then|and|also|first|instead|immediately|you\s+(?:must|should|need\s+to|have\s+to|are\s+to|will|shall|are\s+(?:now\s+)?(?:free|allowed|authori[sz]ed|permitted|cleared)\s+to)|i\s+(?:need|want)\s+you\s+to)\s+)`;
/** Verbs that set instructions aside. */
const SET_ASIDE = String.raw`(?:ignore|disregard|forget(?:\s+about)?|override|bypass|circumvent|skip|discard|abandon|drop|ditch|(?:set|put|cast)\s+aside|stop\s+(?:following|obeying|adhering\s+to|listening\s+to)|(?:you\s+(?:should\s+|can\s+|may\s+)?)?no\s+longer\s+(?:need\s+to\s+|have\s+to\s+)?(?:follow|obey|adhere\s+to)|pay\s+no\s+(?:attention|heed|mind)\s+to|(?:do\s+not|don'?t|never\s+again)\s+(?:follow|obey|adhere\s+to|listen\s+to))`;
/** The reader's instructions by name. */
const THEIRS = String.raw`(?:system\s+(?:prompt|message|instructions?)|developer\s+(?:message|prompt|instructions?)|operator'?s?\s+(?:message|prompt|instructions?)|instructions?|guidelines|rules|directives|polic(?:y|ies)|configuration|guardrails|safeguards|safety\s+(?:rules|guidelines|policy|measures|filters|training)|programming|constraints|restrictions|original\s+(?:task|goal|assignment|objective)|(?:initial|original)\s+prompt)`;
/** What may stand between the owner and the name. */
const ADJ = String.raw`(?:(?:own|current|original|initial|previous|prior|existing|default|core|base|built-in|hidden|standing|usual|normal|safety|security|system|content|ethical)\s+)*`;
/** A name that is a compound's first half (`system prompt cache`, `config file`) names something else. */
export const NOT_COMPOUND = String.raw`(?![\w-]|\s+(?:files?|step|cache|caching|flag|option|settings?|parameter|param|field|template|variable|length|size|tokens?|editor|tab|page|section|key|path|argument|override|support|mode)\b)`;
/** Their instructions named as the reader's: `your`, the assistant's, the ones in its system prompt. */
const OWNED = String.raw`(?:(?:all\s+|any\s+|of\s+)*(?:your|the\s+(?:assistant|agent|model|ai)'?s)\s+${ADJ}${THEIRS}|(?:all\s+|any\s+)?(?:the\s+)?(?:instructions?|rules|guidelines|directives)\s+(?:in|from|of|within|given\s+(?:in|by)|set\s+(?:in|by))\s+(?:your|the)\s+(?:system|developer|operator'?s?)\s+(?:prompt|message)|(?:what(?:ever)?|everything|anything)\s+(?:your|the)\s+(?:system|developer|operator'?s?)\s+(?:prompt|message)\s+(?:says|said|tells?|told)|the\s+(?:system|developer|operator'?s?)\s+(?:prompt|message|instructions)(?=\s*(?:[.!;,—–-]|\b(?:and|then|anymore|any\s+(?:more|longer)|from\s+now\s+on)\b|$)))${NOT_COMPOUND}`;

/** `skip your configuration with --no-config`: a flag documented. */
const BY_FLAG = String.raw`(?!\s+(?:with|using|via|by\s+(?:passing|setting|adding))\s+(?:the\s+|a\s+)?[\x60'"]?-)`;

/** An order to set the reader's own instructions aside. */
const SET_ASIDE_OWN = new RegExp(`${LEAD}${SET_ASIDE}\\s+${OWNED}${BY_FLAG}`, 'im');

/** A claim that they are void, replaced or not the real ones, addressed to the reader. */
const VOIDED = new RegExp(
  String.raw`\byour\s+${ADJ}(?:system\s+(?:prompt|message)|instructions|guidelines|rules|directives)\s+(?:is|are|has\s+been|have\s+been|was|were)\s+(?:now\s+|hereby\s+)?(?:revoked|void|null(?:\s+and\s+void)?|cancell?ed|rescinded|invalid|outdated|obsolete|superseded|overridden|replaced|lifted|suspended|deprecated|expired|fake|no\s+longer\s+(?:valid|in\s+effect|active|apply|applicable|relevant))\b|\b(?:the|your)\s+(?:real|actual|true|updated|new)\s+(?:system\s+prompt|instructions)\s+(?:is|are|follows?|begins?|starts?)\s+(?:below|here|now|as\s+follows)\b|\bnew\s+system\s+(?:prompt|message)\s*:\s*["“]?\s*you\b|\bthe\s+(?:system\s+prompt|instructions)\s+(?:above|before\s+this)\s+(?:is|are|was|were)\s+(?:revoked|void|outdated|obsolete|fake|no\s+longer\s+valid)\b`,
  'i',
);

/** A request to print them (prompt extraction). */
const EXTRACT = new RegExp(
  `${LEAD}(?:reveal|print|output|repeat|show|display|dump|leak|echo|recite|disclose|share|write\\s+out|tell\\s+me|give\\s+me|paste|quote)\\s+(?:me\\s+|us\\s+|back\\s+)?(?:the\\s+(?:full\\s+|entire\\s+|exact\\s+|complete\\s+)?(?:text|contents?|wording)\\s+of\\s+)?(?:all\\s+(?:of\\s+)?)?(?:your|the(?=\\s+(?:system|developer)\\s+(?:prompt|message)\\s+(?:verbatim|word\\s+for\\s+word|in\\s+full)))\\s+(?:full\\s+|entire\\s+|exact\\s+|complete\\s+|original\\s+|initial\\s+|hidden\\s+|secret\\s+|verbatim\\s+)*(?:system\\s+(?:prompt|message|instructions)|developer\\s+(?:message|prompt|instructions)|(?:initial|original|hidden)\\s+(?:prompt|instructions)|instructions|prompt|guidelines|rules|configuration)${NOT_COMPOUND}`,
  'im',
);

/** Words one of the three needs, looked for before any pattern runs (most results hold none). */
const cued = (t: string): boolean =>
  t.includes('our ') ||
  t.includes('OUR ') ||
  t.includes('ystem') ||
  t.includes('YSTEM') ||
  t.includes('perator') ||
  t.includes('eveloper');

export const OWN_OVERRIDE = { test: (t: string): boolean => cued(t) && SET_ASIDE_OWN.test(t) };
export const OWN_VOIDED = { test: (t: string): boolean => cued(t) && VOIDED.test(t) };
export const OWN_EXTRACT = { test: (t: string): boolean => cued(t) && EXTRACT.test(t) };
