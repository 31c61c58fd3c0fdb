// A fetch tool's URL written with shell substitutions (`?d=$(cat ~/.aws/credentials | base64)`,
// `${HOME}`, backticks): the tool sends the text as it stands and runs nothing, but the call was
// written to carry a command's output, a file's content, to that host, so it counts as data riding
// the request (docs/guard.md "Egress"). OData's `$filter=` and a bare `$` in text are not
// substitutions.

/**
 * True when the URL matched at `start` in `text` (`url` is the match, which stops at whitespace,
 * quotes and backticks) holds `$(` or `${`, or is closed by a backtick substitution.
 */
export function urlSubstitution(text: string, start: number, url: string): boolean {
  if (url.includes('$(') || url.includes('${')) return true;
  return (
    text.charCodeAt(start + url.length) === 96 && text.indexOf('`', start + url.length + 1) > 0
  );
}
