// Injected instructions: a code comment addressed to named AI assistants ("TODO for Copilot/Claude/
// Cursor:", "@codex", "Note to the agent:") ordering an edit that weakens the code's defences or
// destroys its checks (remove a bounds check, validation or auth, delete tests, disable CI or lint,
// add a backdoor route), under a claimed approval ("approved in PR #311", "the maintainer wants
// you to"). A person's TODO names the person or nobody; a real approval is in the review, not in a
// comment to whichever assistant reads it (docs/guard.md "Injected instructions").

/** Assistant names and roles; several may be named together. */
const NAME = String.raw`(?:copilot|claude(?:\s+code)?|cursor|codex|gemini|devin|chatgpt|windsurf|aider|(?:the\s+|any\s+)?(?:ai|llm|coding)?\s*(?:agents?|assistants?)|ai|llm)`;
/** The address: "for|to|@|TODO(" then names, ended by ":" or ",". */
const ADDRESS = String.raw`(?:\b(?:for|to|hey|dear|attn|attention|note|todo|fixme)\b[\s(]*|@)${NAME}(?:\s*(?:\/|,|&|\band\b|\bor\b)\s*@?${NAME}){0,5}\s*\)?\s*[:,]`;
/** A weakening edit: the verb (no negation earlier in its sentence: "do not remove X or delete Y"), then the defence it takes away. */
const WEAKEN = String.raw`(?<!(?:\bnot|\bnever|n't)\b[^.;\n]{0,60})\b(?:remove|delete|drop|disable|skip|bypass|comment\s+out|turn\s+off|strip|rip\s+out|relax|loosen)\b(?:(?!\n[ \t]*\n)[\s\S]){0,80}?\b(?:(?:bounds?|length|size|input|permission|auth\w*|signature|csrf|null|security|sanity|range|overflow|access|integrity)[\s-]+checks?|checks?|validations?|validators?|auth(?:entication|orization)?|tests?|test_\w+|tests?\/[\w./-]+|\w+_test\.\w+|\w+\.(?:test|spec)\.\w+|ci|lint(?:ing|er|s)?|pre-commit|hooks?|csrf|tls|ssl|verification|sanitiz\w+|rate[\s-]limit\w*|guards?|assert(?:ions?|s)?)\b|\badd\b(?:(?!\n[ \t]*\n)[\s\S]){0,60}?\b(?:backdoor|(?:hidden|secret|undocumented)\s+(?:admin|debug|root)?\s*(?:route|endpoint|user|account|login)|(?:admin|debug)\s+(?:route|endpoint)\s+(?:without|with\s+no|that\s+skips)\s+auth\w*)`;
/** An approval claimed for the edit. */
const APPROVED = String.raw`\b(?:(?:pre-?)?approved|signed\s+off|sign-off|authori[sz]ed|(?:the\s+)?maintainers?\s+(?:wants?|asked|agreed|said|requested))\b`;
/** Within one comment: the address, the order and the approval, in any order after the address. */
const ORDER = new RegExp(
  String.raw`${ADDRESS}(?:(?!\n[ \t]*\n)[\s\S]){0,300}?(?:${WEAKEN})(?:(?!\n[ \t]*\n)[\s\S]){0,300}?${APPROVED}|${ADDRESS}(?:(?!\n[ \t]*\n)[\s\S]){0,300}?${APPROVED}(?:(?!\n[ \t]*\n)[\s\S]){0,300}?(?:${WEAKEN})`,
  'i',
);

/** A weakening edit ordered to named assistants under a claimed approval. */
export const WEAKENING_ORDER = {
  test(text: string): boolean {
    // the approval's words are rare: most results never reach the pattern
    if (
      !text.includes('pprov') &&
      !text.includes('aintainer') &&
      !text.includes('igned off') &&
      !text.includes('uthori')
    )
      return false;
    return ORDER.test(text);
  },
};
