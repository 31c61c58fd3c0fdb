// Injected instructions: samples a text about attacks sets off without a blank line before them
// (docs/guard.md "Injected instructions"): a `>` quote right under the line that introduces it
// ("send the widget the message" then "> Ignore your instructions ..."), and a hidden comment
// written bare after "such as" in an advisory ("HTML comments such as <!-- AI assistant: ... -->
// were passed into the context"). The text shows the payload; it does not speak it.

/** A `>` quote block under a line of prose, blank line or not (CommonMark §5.1). */
const QUOTE_UNDER = /(?<=\n)(?:[ \t]{0,3}>[^\n]*(?:\n|$)){1,200}/g;

/** `text` without the quote blocks `introduces` says the line before them introduces. */
export function withoutQuotesUnder(
  text: string,
  introduces: (at: number, block: string) => boolean,
): string {
  if (!text.includes('>')) return text;
  return text.replace(QUOTE_UNDER, (block: string, at: number) =>
    introduces(at, block) ? '\n' : block,
  );
}

/** An HTML comment (CommonMark §4.6, kind 2). */
const COMMENT = /<!--[\s\S]{0,1000}?-->/g;
/**
 * A lead that ends in a phrase introducing an example, in several languages: "such as", "like",
 * "e.g.", "for instance", "wie", "comme", "como", "come", "例如", "のような", "такие как".
 */
const INTRO_END =
  /(?:\bsuch\s+as|\blike|\be\.g\.|\bfor\s+(?:example|instance)|\bincluding|\bwie|\bz\.\s?B\.|\bcomme|\bpar\s+exemple|\bcomo|\bpor\s+ejemplo|\bpor\s+exemplo|\bcome|\bad\s+esempio|例如|比如|のような|такие\s+как|вроде)\s*[:,]?\s*$/iu;

/**
 * `text` without the hidden comments written as the example a sentence introduces (its lead,
 * `leadOf(at)`, ends in "such as"), unless `live` says the comment sends data to a live host.
 * Only for a text that names attacks: a comment after "such as" on any other page is hidden.
 */
export function withoutIntroducedComments(
  text: string,
  leadOf: (at: number) => string,
  live: (comment: string) => boolean,
): string {
  if (!text.includes('<!--')) return text;
  return text.replace(COMMENT, (c: string, at: number) =>
    INTRO_END.test(leadOf(at)) && !live(c) ? '""' : c,
  );
}
