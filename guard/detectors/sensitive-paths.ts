// `sensitive_paths`: file-tool paths that read credentials or write where changes persist or escalate.
import { plainEnvrcWrite } from './envrc-settings.js';
import { eachString } from '../rules/field.js';
import { keySearchAcrossHome, keySearchInTestData } from './key-file-search.js';
import { compileGlob } from '../rules/glob.js';
import { isCredentialPath, isPersistencePath, normalizePath } from '../sensitive-paths.js';
import type { Detector, DetectorContext, Finding } from './detector.js';
import { harmlessRcText, isShellRc } from '../shell/rc-lines.js';
import { isGitHookPath, projectToolingHook } from '../shell/git-hook-text.js';
import { localServiceFile } from '../shell/dev-service-files.js';
import { plainSshConfigWrite } from './ssh-config-text.js';
import { checkKeys, enumParam, listParam } from './params.js';
import type { RE2JS } from 're2js';
import { huntsSecrets } from '../shell/secret-hunt.js';
import { buildFileCommands } from '../shell/build-file-recipes.js';
import { composerScriptReaches, installScriptReaches } from './install-script-reach.js';

/** Editor task files, and the setting that runs a task when the folder is opened. */
const EDITOR_TASKS = /(?:^|\/)\.vscode\/tasks\.json$/;
const AUTORUN = /"runOn"\s*:\s*"folderOpen"/;

/** A write that makes the editor run a command by itself the next time the folder is opened. */
function autorunWrite(path: string, args: Record<string, unknown>): boolean {
  if (!EDITOR_TASKS.test(path)) return false;
  return ['content', 'new_string', 'contents', 'text'].some((k) => {
    const v = args[k];
    return typeof v === 'string' && AUTORUN.test(v);
  });
}

/** The text a write tool puts in the file: the whole content or each edit's new text. */
export function writtenText(args: Record<string, unknown>): string | null {
  const edits = Array.isArray(args.edits) ? (args.edits as unknown[]) : [];
  const parts = [
    args.content,
    args.new_string,
    args.contents,
    args.text,
    args.file_text,
    ...edits.map((e) =>
      typeof e === 'object' && e !== null ? (e as Record<string, unknown>).new_string : undefined,
    ),
  ];
  const texts = parts.filter((v): v is string => typeof v === 'string');
  return texts.length === 0 ? null : texts.join('\n');
}

/** npm's install-time scripts: they run on every `npm install` of the project. */
const LIFECYCLE =
  /"(?:preinstall|install|postinstall|prepare|prepublish|preuninstall|uninstall|postuninstall|prepack|postpack)"\s*:\s*"((?:[^"\\\n]|\\.){1,4096})"/g;
/** What an install script must never do: run a download, reach a shell, delete, read keys, upload. */
export const INSTALL_RISK: ReadonlySet<string> = new Set([
  'fetch_pipe_shell',
  'decode_pipe_shell',
  'reverse_shell',
  'destructive_delete',
  'disk_wipe',
  'credential_read',
  'upload',
  'sensitive_write',
  'privilege_change',
  'security_disable',
]);

/** A package.json write whose install-time script does something no install needs. */
function lifecycleWrite(
  path: string,
  args: Record<string, unknown>,
  shell: (s: string) => { intents: readonly { intent: string }[] },
): boolean {
  const composer = /(?:^|\/)composer\.json$/.test(path);
  if (
    !(composer || /(?:^|\/)package\.json$/.test(path)) ||
    /(?:^|\/)(?:node_modules|vendor)\//.test(path)
  )
    return false;
  const text = writtenText(args);
  if (text === null) return false;
  if (composer) return composerScriptReaches(path, text);
  for (const m of text.matchAll(LIFECYCLE)) {
    let script: string;
    try {
      script = JSON.parse(`"${m[1] ?? ''}"`) as string;
    } catch {
      return true;
    }
    if (installScriptReaches(script)) return true;
    if (shell(script).intents.some((h) => INSTALL_RISK.has(h.intent))) return true;
  }
  return false;
}

/** What a build file or script must never run: a delete of what must survive, a disk wiped. */
const PLANTED_RISK: ReadonlySet<string> = new Set(['destructive_delete', 'disk_wipe']);

/** A write of a build file or script (`make clean`, `npm run clean`, `cleanup.sh`) that would destroy data. */
function plantedDestruction(
  path: string,
  args: Record<string, unknown>,
  shell: (s: string) => { intents: readonly { intent: string }[] },
): boolean {
  const text = writtenText(args);
  const commands = text === null ? null : buildFileCommands(path, text);
  return commands !== null && shell(commands).intents.some((h) => PLANTED_RISK.has(h.intent));
}

/** A search tool's pattern hunting for keys below home or the system (`Grep` on /home/dev). */
function searchesHome(pattern: string, args: Record<string, unknown>): boolean {
  const roots = [args.path, args.paths].flat().filter((r): r is string => typeof r === 'string');
  return huntsSecrets(pattern, roots);
}

/**
 * An edit of a start-up file whose new text only sets tool folders, plugin lists, known tools'
 * hooks or plain aliases, a git hook that only runs project tooling, or a user service or agent
 * that starts a local tool (docs/guard.md "Shell analysis").
 */
function harmlessPersistenceWrite(path: string, ctx: DetectorContext): boolean {
  const args = ctx.event.args;
  const text = writtenText(args);
  if (text === null) return false;
  if (isGitHookPath(path)) return projectToolingHook(text) && ctx.shell(text).intents.length === 0;
  if (localServiceFile(path, text)) return true;
  if (plainSshConfigWrite(path, text)) return true;
  // an overwrite of the whole file stays a persistence write, as `>` does in the shell
  if (!isShellRc(path) || ['content', 'contents', 'text', 'file_text'].some((k) => k in args))
    return false;
  return harmlessRcText(text);
}

interface PathParams {
  mode: 'read' | 'write';
  extra: RE2JS[];
}

export const sensitivePathsDetector: Detector<PathParams> = {
  name: 'sensitive_paths',
  rewrites: () => false,
  parseParams(params, path) {
    const p = checkKeys(params, ['mode', 'extra'], path);
    return {
      mode: enumParam(p, 'mode', ['read', 'write'], 'read', path),
      extra: (listParam(p, 'extra', path) ?? []).map((g) => compileGlob(g)),
    };
  },
  scan(value, path, ctx, params) {
    const findings: Finding[] = [];
    eachString(value, path, (s, at) => {
      if (s.length > 4096) return;
      const n = normalizePath(s);
      if (params.mode === 'read' && at === 'args.pattern') {
        const args = ctx.event.args;
        const cwd = ctx.event.cwd ?? '';
        if (searchesHome(s, args) || keySearchAcrossHome(s, args, cwd)) {
          findings.push({ path: at, reason: 'searches home or the system for keys' });
          return;
        }
        if (keySearchInTestData(s, args, cwd)) return;
      }
      const hit =
        // a project's `.envrc` holding only plain settings is the project's own configuration
        (isCredentialPath(s) && !(params.mode === 'write' && plainEnvrcWrite(n, ctx.event.args))) ||
        (params.mode === 'write' && isPersistencePath(s) && !harmlessPersistenceWrite(n, ctx)) ||
        params.extra.some((r) => r.testExact(n)) ||
        (params.mode === 'write' && autorunWrite(n, ctx.event.args)) ||
        (params.mode === 'write' && lifecycleWrite(n, ctx.event.args, (t) => ctx.shell(t))) ||
        (params.mode === 'write' &&
          /(?:^|\.)(?:file_path|path|filename|target_file)$/.test(at) &&
          plantedDestruction(n, ctx.event.args, (t) => ctx.shell(t)));
      if (hit)
        findings.push({ path: at, reason: `${params.mode === 'read' ? 'reads' : 'writes'} ${n}` });
    });
    return findings;
  },
};
