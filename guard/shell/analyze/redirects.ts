// How the grammar nests redirects, heredocs and nearby words (docs/guard.md "Shell analysis").
import type { Node } from '../parser.js';
import type { Redirect } from '../model.js';
import { wordText } from '../words.js';
import type { Place, Walk } from './state.js';

export function redirectOf(node: Node): Redirect | null {
  if (node.type === 'heredoc_redirect') return { op: '<<', target: '' };
  if (node.type === 'herestring_redirect') return { op: '<<<', target: '' };
  const dest = node.childForFieldName('destination');
  const op = node.children.find((c) => !c.isNamed)?.text ?? '>';
  return { op, target: dest === null ? '' : wordText(dest) };
}

export /** The parts of a heredoc redirect itself; any other child is a command written after its marker. */
const HEREDOC_PARTS = new Set(['heredoc_start', 'heredoc_body', 'heredoc_end', 'file_redirect']);

export /** The commands of a pipeline the grammar nests (`| a | b` reads as a pipeline holding one). */
function pipelineStages(node: Node): Node[] {
  return node.type === 'pipeline' ? node.namedChildren.flatMap(pipelineStages) : [node];
}

export function heredocBody(w: Walk, node: Node): string | undefined {
  if (node.type === 'heredoc_redirect')
    return node.namedChildren.find((c) => c.type === 'heredoc_body')?.text;
  if (node.type === 'herestring_redirect') {
    const v = node.namedChildren[0];
    return v === undefined ? undefined : w.expand.value(v).text;
  }
  return undefined;
}

/** A run of plain words: nothing in it that quotes, expands or redirects. */
const PLAIN_WORDS = /^[^\s'"$`\\<>|&;()]+(?:[ \t]+[^\s'"$`\\<>|&;()]+)*$/;

/**
 * tree-sitter-bash skips a word such as `-` written right before a numbered redirect (`git a -
 * 2>/dev/null` reads as `git a`): the words in the gap between the statement's last command and
 * its first redirect, when they are plain, are that command's last arguments, as bash reads them.
 */
export function droppedWords(statement: Node, body: Node): Place['dropped'] {
  let last: Node | null = body;
  while (last?.type === 'pipeline') last = last.lastNamedChild;
  const next = statement.namedChildren.find(
    (c) => c.id !== body.id && c.startIndex >= body.endIndex,
  );
  if (last?.type !== 'command' || next === undefined) return undefined;
  const gap = statement.text
    .slice(body.endIndex - statement.startIndex, next.startIndex - statement.startIndex)
    .trim();
  return gap !== '' && PLAIN_WORDS.test(gap)
    ? { id: last.id, words: gap.split(/[ \t]+/) }
    : undefined;
}
