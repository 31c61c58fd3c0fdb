// c2sp.org/signed-note §Format: notes MUST NOT contain ASCII control characters other than newline.

/** True if `s` holds a character below U+0020 (newline allowed only when `allowNewline`). */
export function hasControlChar(s: string, allowNewline: boolean): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 && !(allowNewline && c === 0x0a)) return true;
  }
  return false;
}
