// Walks a tree-sitter-bash syntax tree into its simple commands (docs/guard.md "Shell analysis").
import type { Node } from '../parser.js';
import { wordText } from '../words.js';
import { assignLoop, unset } from '../assign.js';
import { assignNode } from './assign-node.js';
import { addCommand, emitCommand } from './command.js';
import {
  droppedWords,
  heredocBody,
  HEREDOC_PARTS,
  pipelineStages,
  redirectOf,
} from './redirects.js';
import { fail, MAX_DEFINITIONS, type Place, type Walk } from './state.js';

export function walkSubstitutions(w: Walk, node: Node, place: Place, depth: number): void {
  if (depth > w.limits.maxDepth) {
    fail(w, 'too_deep');
    return;
  }
  if (node.type === 'command_substitution' || node.type === 'process_substitution') {
    const inner: Place = {
      ...place,
      substitution: true,
      redirects: [],
      pipeline: -1,
      stage: 0,
      stages: 1,
    };
    for (const c of node.namedChildren) walk(w, c, inner, depth + 1);
    return;
  }
  for (const c of node.namedChildren) walkSubstitutions(w, c, place, depth + 1);
}

export function walk(w: Walk, node: Node, place: Place, depth: number): void {
  if (w.status !== 'ok') return;
  if ((++w.steps & 63) === 0 && performance.now() > w.deadline) {
    fail(w, 'over_budget');
    return;
  }
  if (depth > w.limits.maxDepth) {
    fail(w, 'too_deep');
    return;
  }
  switch (node.type) {
    case 'command':
      emitCommand(w, node, place, depth);
      return;
    case 'redirected_statement': {
      const redirects = [...place.redirects];
      let stdin = place.stdin;
      const body = node.childForFieldName('body');
      for (const r of node.namedChildren) {
        if (r.id === body?.id) continue;
        const red = redirectOf(r);
        if (red !== null) redirects.push(red);
        // `cat <<EOF > file`: the grammar nests a redirect written after the marker in the heredoc.
        if (r.type === 'heredoc_redirect')
          for (const after of r.namedChildren)
            if (after.type === 'file_redirect') {
              const nested = redirectOf(after);
              if (nested !== null) redirects.push(nested);
            }
        stdin = heredocBody(w, r) ?? stdin;
        walkSubstitutions(w, r, place, depth + 1);
      }
      const inner: Place = { ...place, redirects };
      if (stdin !== undefined) inner.stdin = stdin;
      if (body !== null) inner.dropped = droppedWords(node, body);
      // `cat <<'E' | bash` and `cat <<'E' && rm ...`: the grammar nests what follows the marker on
      // its line inside the heredoc redirect; it runs as the pipeline's later stages or the list's
      // next command
      const tail = node.namedChildren
        .filter((r) => r.type === 'heredoc_redirect')
        .flatMap((r) => r.namedChildren.filter((c) => !HEREDOC_PARTS.has(c.type)));
      const piped = tail.find((c) => c.type === 'pipeline');
      if (body !== null && piped !== undefined) {
        const stages = pipelineStages(piped);
        const id = w.pipelines++;
        const n = stages.length + 1;
        const at = { pipeline: id, stages: n, branch: true };
        walk(w, body, { ...inner, ...at, stage: 0 }, depth + 1);
        stages.forEach((s, i) => {
          walk(w, s, { ...place, ...at, stage: i + 1 }, depth + 1);
        });
      } else if (body !== null) walk(w, body, inner, depth + 1);
      // `> file` alone truncates the file as `: > file` does: the same command, so rules see it
      else addCommand(w, [':'], inner);
      for (const c of tail) if (c !== piped) walk(w, c, { ...place, branch: true }, depth + 1);
      return;
    }
    case 'pipeline': {
      const stages = node.namedChildren;
      const id = w.pipelines++;
      stages.forEach((s, i) => {
        walk(
          w,
          s,
          { ...place, pipeline: id, stage: i, stages: stages.length, branch: true },
          depth + 1,
        );
      });
      return;
    }
    case 'unset_command':
    case 'declaration_command': {
      // `unset HISTFILE`, `export X=...`: builtins the grammar does not call commands
      const argv = node.children.filter((c) => c.type !== 'comment').map((c) => wordText(c));
      w.args += argv.length;
      addCommand(w, argv, place);
      walkSubstitutions(w, node, place, depth + 1);
      for (const c of node.namedChildren)
        if (c.type === 'variable_assignment') assignNode(w, c, place);
        else if (node.type === 'unset_command') unset(w.expand.env, wordText(c));
      return;
    }
    case 'variable_assignment':
      walkSubstitutions(w, node, place, depth + 1);
      assignNode(w, node, place);
      return;
    case 'file_redirect':
      walkSubstitutions(w, node, place, depth + 1);
      return;
    case 'for_statement': {
      const v = node.childForFieldName('variable');
      const values = node.childrenForFieldName('value').flatMap((c) => w.expand.fields(c));
      if (v !== null) assignLoop(w.expand.env, v.text, values);
      for (const c of node.namedChildren)
        if (c.type !== 'variable_name') walk(w, c, { ...place, branch: true }, depth + 1);
      return;
    }
    case 'function_definition': {
      const fname = node.childForFieldName('name')?.text;
      const body = node.childForFieldName('body')?.text;
      if (fname !== undefined && body !== undefined && w.functions.size < MAX_DEFINITIONS)
        w.functions.set(fname, body);
      for (const c of node.namedChildren) walk(w, c, { ...place, branch: true }, depth + 1);
      return;
    }
    case 'program':
    case 'variable_assignments':
      for (const c of node.namedChildren) walk(w, c, place, depth + 1);
      return;
    default:
      for (const c of node.namedChildren) walk(w, c, { ...place, branch: true }, depth + 1);
  }
}
