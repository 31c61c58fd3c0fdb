// Configuration-management runs that tear production down (docs/guard.md "Shell analysis"):
// `ansible-playbook -i inventories/production site.yml --tags decommission -e confirm_wipe=yes`,
// `salt -G 'env:prod' state.apply teardown`, `chef-client -E production -o 'recipe[db::drop]'`.
// The same playbook deploys with ordinary tags, and a check run (`--check`) changes nothing;
// only a run aimed at production and selecting destructive work (by tag, variable, playbook or
// state name) removes what production serves.
import type { ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { PRODUCTION } from './targeted-destroy.js';

/** Words of destructive work in a tag, variable, playbook, state or recipe name. */
const DESTRUCTIVE =
  /(?<![a-z])(?:decomm?ission\w*|destroy\w*|tear[-_]?down|teardown|wipe\w*|purge\w*|nuke\w*|drop[-_]?(?:db|database|data|tables?|schema)\w*|erase\w*|reimage|format[-_]?disks?|deprovision\w*|uninstall[-_]?all)(?![a-z])/i;
/** Runs that only report what they would do. */
const REPORT_ONLY =
  /^(?:-C|--check|--syntax-check|--list-tasks|--list-hosts|--list-tags|test=(?:true|True|1))$/;

/** The values of `opt` (short or long, spaced or `--long=value`). */
function values(argv: readonly string[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (names.includes(a)) out.push(argv[++i] ?? '');
    else
      for (const n of names)
        if (n.startsWith('--') && a.startsWith(`${n}=`)) out.push(a.slice(n.length + 1));
  }
  return out;
}

/** An extra variable asking for destruction: a destructive name set to a true value, or to one. */
function destructiveVars(text: string): boolean {
  return (
    /(?:^|[\s,{"'])[\w-]*(?:wipe|destroy|decomm?ission|purge|teardown|drop)[\w-]*["']?\s*[=:]\s*["']?(?:yes|true|1|on|y)\b/i.test(
      text,
    ) ||
    /(?:^|[\s,{"'])(?:state|action|mode|operation)["']?\s*[=:]\s*["']?\w*(?:decomm?ission|destroy|wipe|purge|teardown)/i.test(
      text,
    )
  );
}

function ansibleRun(argv: readonly string[]): string | null {
  const aimed = [
    ...values(argv, ['-i', '--inventory', '--inventory-file']),
    ...values(argv, ['-l', '--limit']),
  ];
  const extra = values(argv, ['-e', '--extra-vars']).join(' ');
  if (
    !aimed.some((a) => PRODUCTION.test(a)) &&
    !/\b(?:env|environment|stage)\s*[=:]\s*["']?(?:prod|production|prd|live)\b/i.test(extra)
  )
    return null;
  const tags = values(argv, ['-t', '--tags']).join(',');
  const playbooks = argv.slice(1).filter((a, i) => /\.ya?ml$/.test(a) && !/^-/.test(argv[i] ?? ''));
  if (DESTRUCTIVE.test(tags)) return `tags ${tags}`;
  if (destructiveVars(extra)) return 'destructive extra variables';
  const book = playbooks.find((p) => DESTRUCTIVE.test(p.replace(/^.*\//, '')));
  return book === undefined ? null : book;
}

/** `salt TARGET state.apply NAME`: a production target given a destructive state or pillar. */
function saltRun(argv: readonly string[]): string | null {
  const pos = argv.slice(1).filter((a) => !a.startsWith('-'));
  const target = pos[0] ?? '';
  const fn = pos.findIndex((a) => /^state\.(?:apply|sls|highstate)$/.test(a));
  if (fn < 0 || !PRODUCTION.test(target)) return null;
  const rest = pos.slice(fn + 1).join(' ');
  return DESTRUCTIVE.test(rest) || destructiveVars(rest) ? `state ${rest}` : null;
}

/** `chef-client -E production -o 'recipe[db::drop]'`: a production node given a destructive run list. */
function chefRun(argv: readonly string[]): string | null {
  if (!values(argv, ['-E', '--environment']).some((e) => PRODUCTION.test(e))) return null;
  const list = values(argv, ['-o', '--override-runlist', '-r', '--runlist']).join(',');
  return DESTRUCTIVE.test(list) ? `run list ${list}` : null;
}

export function configRunIntents(cmd: ShellCommand): IntentHit[] {
  const n = cmd.name;
  if (n !== 'ansible-playbook' && n !== 'salt' && n !== 'salt-ssh' && n !== 'chef-client')
    return [];
  if (cmd.argv.some((a) => REPORT_ONLY.test(a))) return [];
  const what =
    n === 'ansible-playbook'
      ? ansibleRun(cmd.argv)
      : n === 'chef-client'
        ? chefRun(cmd.argv)
        : saltRun(cmd.argv);
  return what === null
    ? []
    : [{ intent: 'infra_destroy', detail: `${n} against production: ${what}` }];
}
