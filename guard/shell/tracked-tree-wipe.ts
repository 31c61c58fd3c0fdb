// Emptying or removing every file git tracks, and publishing that (docs/guard.md "Shell analysis"):
// `truncate -s 0 $(git ls-files)`, `git ls-files | xargs truncate -s0`, a loop writing nothing over
// each listed file, `git rm -r .`, then `git commit -a` and `git push`. The pushed branch holds an
// empty project; an unfiltered listing emptied is a destroyed working tree even without a push.
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { emptiesFiles } from './intent-delete.js';
import { CONTENT_EMPTIERS, emptiesContent } from './content-wipes.js';

/** `git ls-files` and the words after it, up to the end of its command. */
const LISTING = /\bgit\s+ls-files\b([^|)`;&\n]{0,512})/;
/** Filters that narrow a listing to some files. */
const FILTER = /^(?:grep|rg|egrep|fgrep|awk|sed|head|tail)$/;
/** A loop over the listing whose body writes nothing over, truncates or removes each file. */
const LOOP_WIPE =
  /(?:\bfor\s+(\w+)\s+in\s+(?:\$\(|`)\s*git\s+ls-files[^)`]*[)`]|git\s+ls-files[^|\n]*\|\s*while\s+(?:IFS=\S*\s+)?read\s+(?:-r\s+)?(\w+))\s*;?\s*do\b([^]{0,400}?)\bdone\b/;

/** Listings of files git does not track, or of tracked ones already gone: not the project's tree. */
const NOT_TRACKED = /^(?:-o|--others|-d|--deleted|-i|--ignored|-k|--killed|-u|--unmerged)$/;

/** How much a listing's words name: none of the tree, some of it (a pathspec), or all of it. */
function listingScope(words: readonly string[]): 'all' | 'some' | null {
  if (words.some((f) => NOT_TRACKED.test(f))) return null;
  const paths = words.filter((w) => !w.startsWith('-') && !/^(?:\.|\.\/|:\/)$/.test(w));
  return paths.length > 0 ? 'some' : 'all';
}

function listingIn(text: string): 'all' | 'some' | null {
  const m = LISTING.exec(text);
  if (m === null) return null;
  const scope = listingScope((m[1] ?? '').trim().split(/\s+/).filter(Boolean));
  if (scope === null) return null;
  return /\|\s*(?:grep|rg|egrep|awk|sed|head|tail)\b/.test(text.slice(m.index)) ? 'some' : scope;
}

function empties(cmd: ShellCommand): boolean {
  if (cmd.name === 'truncate') return emptiesFiles(cmd.argv);
  return (
    cmd.name === 'rm' ||
    cmd.name === 'shred' ||
    cmd.name === 'unlink' ||
    (CONTENT_EMPTIERS.has(cmd.name) && emptiesContent(cmd.argv))
  );
}

/** How much of the tracked tree `cmd` empties or removes: every file, some, or none. */
function wipes(cmd: ShellCommand, all: ShellAnalysis): 'all' | 'some' | null {
  if (empties(cmd)) {
    for (const a of cmd.argv.slice(1)) {
      const l = a.includes('ls-files') ? listingIn(a) : null;
      if (l !== null) return l;
    }
    if (cmd.wrappers.includes('xargs') && cmd.pipeline >= 0) {
      const before = all.commands.filter((c) => c.pipeline === cmd.pipeline && c.stage < cmd.stage);
      const git = before.find((c) => c.name === 'git' && c.argv[1] === 'ls-files');
      const scope = git === undefined ? null : listingScope(git.argv.slice(2));
      if (scope !== null) return before.some((c) => FILTER.test(c.name)) ? 'some' : scope;
    }
  }
  // `> $(git ls-files)`: the listing as the redirect's target
  for (const r of cmd.redirects)
    if ((r.op === '>' || r.op === '>|') && r.target.includes('ls-files')) {
      const l = listingIn(r.target);
      if (l !== null) return l;
    }
  if (cmd.name === 'git' && cmd.argv[1] === 'rm') {
    const args = cmd.argv.slice(2);
    const recursive = args.some((a) => /^-[a-zA-Z]*r/.test(a));
    const cached = args.includes('--cached');
    if (recursive && !cached && args.some((a) => /^(?:\.|\.\/|\*|:\/|\.\/\*)$/.test(a)))
      return 'all';
  }
  return null;
}

function publishes(all: ShellAnalysis): boolean {
  return all.commands.some(
    (c) =>
      c.name === 'git' &&
      (c.argv[1] === 'push' ||
        (c.argv[1] === 'commit' && c.argv.some((a) => /^(?:-[a-zA-Z]*a[a-zA-Z]*|--all)$/.test(a)))),
  );
}

export function trackedTreeWipe(all: ShellAnalysis, source: string): IntentHit[] {
  let scope: 'all' | 'some' | null = null;
  for (const cmd of all.commands) {
    const w = wipes(cmd, all);
    if (w === 'all' || (w === 'some' && scope === null)) scope = w;
  }
  const loop = source.includes('ls-files') ? LOOP_WIPE.exec(source) : null;
  if (loop !== null) {
    const v = loop[1] ?? loop[2] ?? '';
    const body = loop[3] ?? '';
    const each = new RegExp(
      `(?:^|[;&|\\s])(?:(?::|true|echo\\s+-n|printf\\s+''|cat\\s+/dev/null)?\\s*>\\s*|(?:truncate\\s+(?:-s\\s*0|--size=0)|rm(?:\\s+-\\w+)*|shred(?:\\s+-\\w+)*|cp\\s+/dev/null)\\s+)"?\\$\\{?${v}\\b`,
    );
    const listed = each.test(body) ? listingIn(source.slice(loop.index)) : null;
    if (listed === 'all' || (listed === 'some' && scope === null)) scope = listed;
  }
  if (scope === null) return [];
  const pub = publishes(all);
  if (scope === 'some' && !pub) return [];
  return [
    {
      intent: 'destructive_delete',
      detail: pub
        ? 'empties or removes the tracked files, then commits or pushes them'
        : 'empties or removes every tracked file',
    },
  ];
}
