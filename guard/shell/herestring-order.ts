// A here-string written after a file redirection (`gh secret set X < /dev/stdin <<< "$T"`,
// `cat > f <<< "$X"`): bash runs it, but the tree-sitter grammar takes `<<<` there for an error
// token `<<` and a redirection `< WORD`. The script is re-read with the here-string moved before the
// other redirections. The analysis treats a here-string as the command's stdin wherever it stands
// and keeps every redirection, so the move loses nothing (docs/guard.md "Shell analysis").
import type { Node, Tree } from './parser.js';

/**
 * `source` with each misread here-string moved to just after its command's words, or null when the
 * tree's errors are not all of that one kind (then the parse error stands: fail closed).
 */
export function herestringFirst(tree: Tree, source: string): string | null {
  const errors = tree.rootNode.descendantsOfType('ERROR');
  if (errors.length === 0 || errors.length > 8) return null;
  const moves: { from: number; to: number; at: number }[] = [];
  for (const err of errors) {
    const move = misreadHerestring(err, source);
    if (move === null) return null;
    moves.push(move);
  }
  // right to left, so an earlier move's offsets still hold
  moves.sort((a, b) => b.from - a.from);
  let out = source;
  for (const m of moves)
    out = `${out.slice(0, m.at)} ${out.slice(m.from, m.to)}${out.slice(m.at, m.from)}${out.slice(m.to)}`;
  return out;
}

function misreadHerestring(
  err: Node,
  source: string,
): { from: number; to: number; at: number } | null {
  const statement = err.parent;
  const next = err.nextSibling;
  const body = statement?.childForFieldName('body');
  if (statement?.type !== 'redirected_statement' || next?.type !== 'file_redirect') return null;
  if (body === null || body === undefined || err.namedChildCount > 0) return null;
  // `<<` then `< WORD` written together: a here-string, nothing else the grammar misreads
  if (source.slice(err.startIndex, err.endIndex) !== '<<' || err.endIndex !== next.startIndex)
    return null;
  if (next.children[0]?.text !== '<' || next.childForFieldName('descriptor') !== null) return null;
  if (body.endIndex > err.startIndex) return null;
  return { from: err.startIndex, to: next.endIndex, at: body.endIndex };
}
