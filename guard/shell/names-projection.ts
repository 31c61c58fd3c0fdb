// A `jq`/`yq` filter that keeps only names out of a credential file or a secret manager's answer
// (`jq '.auths | keys' ~/.docker/config.json`, `yq '.contexts[].name' ~/.kube/config`, `vault kv get
// -format=json secret/db | jq -r .data.data.username`): what reaches the output is the file's key
// names or fields that are no secret, so nothing it keeps is printed (docs/guard.md "Shell analysis").
import { namesOnlyFilter } from './secret-consumers.js';
import type { ShellAnalysis, ShellCommand } from './model.js';

/**
 * Fields that name where or as whom, never the secret itself: a user name, a host, a port, a
 * database, a region, an API's base address or endpoint (`api_base`, `base_url`, `endpoint`: the
 * prefix a client puts paths after, its key going in a header), and the names a kubeconfig or
 * docker config lists. `url`, `dsn` and `webhook_url` stay out: a connection URL often carries its
 * password (`postgres://u:p@h/db`), a webhook's URL is itself the credential.
 */
export const NON_SECRET_FIELD =
  /^(?:user(?:_?name)?|login|email|host(?:_?name)?|port|database|db(?:_?name)?|region|name|server|cluster|namespace|current-context|kind|apiVersion|credsStore|profile|account_id|project|(?:api[_-]?)?(?:base(?:[_-]?url)?|endpoint|host))$/i;

/** Fields that hold a secret's value, whose `keys` error would quote it. */
const SECRET_LEAF =
  /(?:^|[_-])(?:auth|token|pass(?:word|wd)?|secret|key|cred(?:ential)?|cert|data|value|identitytoken)$/i;

/** One path segment: `.name`, `."a.b"`, `[]`, `[0]`, `["name"]`, each optionally `?`. */
const SEGMENT = String.raw`(?:\.[A-Za-z_][\w-]*|\."[^"\\]*"|\[\]|\[\d+\]|\["[^"\\]*"\])\??`;
/** A path of segments, or `.` alone. */
const PATH = new RegExp(String.raw`^(?:\.|(?:${SEGMENT})+)$`);
/** The last field a path or `map(path)` selects. */
const LEAF = /(?:\.([A-Za-z_][\w-]*)|\["([^"\\]*)"\])\??\)?$/;

function leafPath(stage: string): boolean {
  const inner = /^map\((.*)\)$/.exec(stage)?.[1] ?? stage;
  if (!PATH.test(inner)) return false;
  const m = LEAF.exec(inner);
  const leaf = m?.[1] ?? m?.[2] ?? '';
  // a kubeconfig's `.users[].user` is the object holding its token, not a user's name
  return NON_SECRET_FIELD.test(leaf) && !/^(?:user|login)$/i.test(leaf);
}

/** True when the jq filter `f` prints names only: key names, a count, or non-secret fields. */
export function namesProjection(f: string): boolean {
  let t = f.trim();
  if (t.length > 512) return false;
  if (t.startsWith('[') && t.endsWith(']') && !/^\[\d*\]/.test(t)) t = t.slice(1, -1).trim();
  if (namesOnlyFilter(t)) {
    // jq's error for `keys` of a string quotes its first characters (`string ("hunter2...) has no
    // keys`), so the field listed must be a container, not a value (`.auths`, not `.auths[].auth`)
    const path = t.includes('|') ? (t.split('|')[0] ?? '') : '';
    const m = LEAF.exec(path.trim());
    return m === null || !SECRET_LEAF.test(m[1] ?? m[2] ?? '');
  }
  const stages = t.split('|').map((s) => s.trim());
  const last = stages.pop() ?? '';
  // the stages before the last only walk down the document (`.contexts[] | .name`)
  const walk = stages.every((s) => PATH.test(s) || s === 'keys[]' || s === 'keys_unsorted[]');
  const afterKeys = stages.some((s) => s.startsWith('keys'));
  return walk && !afterKeys && leafPath(last);
}

/** jq and yq options that change only how the result is printed, and the yq ones that take a value. */
const PRINT_OPTION =
  /^-(?:[rcjMCSeaPN]+|o\w+|o=\w+)$|^--(?:raw-output|compact-output|join-output|monochrome-output|color-output|sort-keys|exit-status|ascii-output|tab|prettyPrint|no-doc|output-format=\w+)$/;
const VALUED_OPTION = new Set(['-o', '--output-format', '--indent']);

/**
 * The file operands of `cmd` when it is a `jq`/`yq`/`gojq` whose filter prints names only and whose
 * options only choose how it prints, else null. Attacker-controlled words.
 */
export function namesProjectionFiles(cmd: ShellCommand): string[] | null {
  if (cmd.name !== 'jq' && cmd.name !== 'yq' && cmd.name !== 'gojq') return null;
  const words: string[] = [];
  for (let i = 1; i < cmd.argv.length; i++) {
    const a = cmd.argv[i] ?? '';
    if (VALUED_OPTION.has(a)) i++;
    else if (a.startsWith('-') && a !== '-') {
      if (!PRINT_OPTION.test(a)) return null;
    } else words.push(a);
  }
  if (cmd.name === 'yq' && (words[0] === 'e' || words[0] === 'eval')) words.shift();
  const [filter, ...files] = words;
  return filter !== undefined && namesProjection(filter) ? files : null;
}

/** The command in the stage after `cmd` of the same pipeline, at the same nesting. */
export function nextStage(cmd: ShellCommand, all: ShellAnalysis): ShellCommand | undefined {
  return all.commands.find(
    (c) =>
      c.pipeline === cmd.pipeline &&
      c.stage === cmd.stage + 1 &&
      c.substitution === cmd.substitution &&
      c.nested === cmd.nested,
  );
}

/**
 * True when what `cmd` prints goes straight into the next stage of its pipeline, a names-only
 * projection reading its input alone (`cat ~/.kube/config | yq '.contexts[].name'`).
 */
export function pipedToNamesOnly(cmd: ShellCommand, all: ShellAnalysis): boolean {
  if (cmd.pipeline < 0 || cmd.stage + 1 >= cmd.stages) return false;
  if (cmd.redirects.some((r) => /^(?:>|>>|>\||&>|&>>)$/.test(r.op))) return false;
  const next = nextStage(cmd, all);
  if (next === undefined || next.redirects.some((r) => r.op.startsWith('<'))) return false;
  const files = namesProjectionFiles(next);
  return files !== null && files.length === 0;
}
