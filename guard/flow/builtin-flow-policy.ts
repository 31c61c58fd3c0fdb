// Flow conditions: the flow rules every front door loads unless told not to. Registered
// secrets may go nowhere; data read from a sensitive place may not leave through a network-capable
// tool and needs a human before it goes into any other call.
import type { Json } from '../rules/types.js';

export const SENSITIVE_SOURCES: string[] = [
  '**/.env',
  '**/.env.*',
  '**/.envrc',
  '**/*.tfstate',
  '**/*.tfstate.backup',
  '**/.ssh/**',
  '**/.aws/**',
  '**/.gnupg/**',
  '**/.kube/config',
  '**/.docker/config.json',
  '**/.netrc',
  '**/.npmrc',
  '**/.pypirc',
  '**/.git-credentials',
  '**/.pgpass',
  '**/.my.cnf',
  '**/.vault-token',
  '**/.config/gh/hosts.yml',
  '**/.config/gcloud/**',
  '**/.azure/**',
  '**/.s3cfg',
  '**/.boto',
  '**/*.pem',
  '**/*.key',
  '**/id_rsa*',
  '**/id_ed25519*',
  '**/*credential*',
  '**/*secret*',
  '.env',
  '.env.*',
  // a credential a CLI printed (credential-commands.ts)
  'credential-output:*',
];

/** Tools that can carry data off the machine (Bash included: curl, nc, git push ...). */
export const EGRESS_TOOLS: string[] = [
  'Bash',
  'WebFetch',
  'WebSearch',
  'Task',
  'mcp__*',
  '*fetch*',
  '*http*',
  '*request*',
  '*post*',
  '*send*',
  '*upload*',
];

/**
 * Files a browser loads or renders into pages: markup, server templates, client code, and the
 * folders a site serves. A credential written there reaches every visitor.
 */
export const PAGE_FILES: string[] = [
  ...[
    ['html', 'htm', 'xhtml', 'shtml', 'svg'],
    ['php', 'phtml', 'erb', 'ejs', 'hbs', 'handlebars', 'mustache', 'njk', 'liquid', 'twig'],
    ['jinja', 'jinja2', 'j2', 'pug', 'haml', 'slim', 'cshtml', 'razor', 'jsp', 'aspx', 'gohtml'],
    ['vue', 'svelte', 'astro', 'jsx', 'tsx', 'js', 'mjs'],
  ]
    .flat()
    .map((e) => `**/*.${e}`),
  ...['public', 'static', 'www', 'htdocs', 'templates', 'views', 'layouts', '_site'].map(
    (d) => `**/${d}/**`,
  ),
];

/** A policy document (POLICY_FORMAT 1); `flow` conditions are not in the core Condition type. */
export const BUILTIN_FLOW_POLICY: Json = {
  format: 1,
  rules: [
    {
      id: 'flow.secret-egress',
      description: 'A registered secret, in any supported encoding, in any outbound call.',
      verdict: 'block',
      phase: 'call',
      when: { flow: { source: { kind: 'secret' } } },
      reason: 'a registered secret would leave in this call',
    },
    {
      id: 'flow.sensitive-egress',
      description: 'Data read from a sensitive file flowing into a network-capable tool.',
      verdict: 'block',
      phase: 'call',
      tools: EGRESS_TOOLS,
      when: { flow: { source: { kind: 'result', label: SENSITIVE_SOURCES } } },
      reason: 'data read from a sensitive file would leave through this call',
    },
    {
      id: 'flow.sensitive-copy',
      description: 'Data read from a sensitive file flowing into any other call: a human decides.',
      verdict: 'escalate',
      phase: 'call',
      when: { flow: { source: { kind: 'result', label: SENSITIVE_SOURCES } } },
      reason: 'data read from a sensitive file is being copied into this call',
    },
    {
      id: 'flow.credential-egress',
      description:
        'A credential seen in any tool result (by format or shape, wherever the file was) flowing into a network-capable tool.',
      verdict: 'block',
      phase: 'call',
      tools: EGRESS_TOOLS,
      when: { flow: { source: { kind: 'credential' } } },
      reason: 'a credential read earlier in this session would leave through this call',
    },
    {
      id: 'flow.credential-into-page',
      description:
        'A credential seen in any tool result written into a page, template or script a browser loads.',
      verdict: 'escalate',
      phase: 'call',
      tools: ['Write', 'Edit', 'MultiEdit', 'NotebookEdit'],
      when: {
        all: [
          { field: 'args.file_path', glob: PAGE_FILES },
          {
            flow: {
              source: { kind: 'credential' },
              sink: { arg: ['args.content', 'args.new_string', 'args.edits*', 'args.new_source'] },
            },
          },
        ],
      },
      reason: 'a credential read earlier in this session would be published in a page users load',
    },
    {
      id: 'flow.taint-full',
      description:
        'The session read more sensitive data than the guard can track: its outbound calls need a human.',
      verdict: 'escalate',
      phase: 'call',
      tools: EGRESS_TOOLS,
      when: { flow: { saturated: true } },
      reason: 'this session holds more taint than the guard tracks; a human decides what leaves',
    },
  ],
};
