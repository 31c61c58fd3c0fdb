// Grant patterns: literal rule ids or `*` wildcards, nothing else (no regex from config).
export function grantMatches(pattern: string, id: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === id;
  let pos = 0;
  for (const [i, part] of parts.entries()) {
    if (i === 0) {
      if (!id.startsWith(part)) return false;
      pos = part.length;
    } else if (i === parts.length - 1) {
      return id.length - part.length >= pos && id.endsWith(part);
    } else {
      const at = id.indexOf(part, pos);
      if (at < 0) return false;
      pos = at + part.length;
    }
  }
  return true;
}
