// A file's content given base64-encoded to a code host's write tool (`create_or_update_file`,
// `push_files`): the host stores the decoded text, so a credential inside is written in the clear
// (docs/guard.md "Secret formats").
const WRITE_TOOL = /^mcp__.+__(?:create_or_update_file|push_files|create_file|update_file)$/;
const BASE64 = /^[A-Za-z0-9+/]{16,}={0,2}$/;
/** Largest content decoded (a source file; a larger blob is not read). */
const MAX_ENCODED = 1_048_576;

/**
 * The decoded text of `s`, the `content` of a code host's file write, when it is base64 of printable
 * text; null for any other field, tool or value. This value is attacker-controlled (the agent's).
 */
export function decodedContent(tool: string, at: string, s: string): string | null {
  if (!at.endsWith('content') || !WRITE_TOOL.test(tool)) return null;
  const b = s.replace(/\s+/g, '');
  if (b.length > MAX_ENCODED || b.length % 4 !== 0 || !BASE64.test(b)) return null;
  const text = Buffer.from(b, 'base64').toString('utf8');
  // printable text only: a binary file (an image) carries no typed credential
  return /^[\t\n\r\x20-\x7e\u00a0-\uffff]*$/.test(text) && !text.includes('\ufffd') ? text : null;
}
