// Rules the Codex and Cursor verdict-table tests add to the doors pack (docs/guard.md "Doors").

/** A local grant and a result rewrite, besides the doors pack's rules. */
export const EXTRA_PACK = {
  pack_format: 1,
  name: 'doors-extra',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'a local allow and a result rewrite for the doors tables',
  catalog: ['x.docs-read', 'x.rewrite'],
  policy: {
    format: 1,
    rules: [
      {
        id: 'x.docs-read',
        verdict: 'allow',
        phase: 'call',
        tools: ['Read'],
        when: { field: 'args.file_path', glob: '/repo/docs/**' },
        reason: 'reading the docs is fine',
      },
      {
        id: 'x.rewrite',
        verdict: 'modify',
        phase: 'result',
        when: { field: 'result', contains: 'REWRITE-ME' },
        set: { result: '[rewritten by the pack]' },
        reason: 'result rewritten',
      },
    ],
  },
};
/** A result the rewrite rule replaces (and no built-in rule objects to). */
export const REWRITE_INPUT = 'REWRITE-ME: the original output\n';
