// `sensitive_paths`: file-tool paths that read credentials or write where changes persist or escalate.
import { eachString } from '../rules/field.js';
import { compileGlob } from '../rules/glob.js';
import { isCredentialPath, isPersistencePath, normalizePath } from '../sensitive-paths.js';
import type { Detector, Finding } from './detector.js';
import { checkKeys, enumParam, listParam } from './params.js';
import type { RE2JS } from 're2js';
import { huntsSecrets } from '../shell/secret-hunt.js';

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

/** A search tool's pattern hunting for keys below home or the system (`Grep` on /home/dev). */
function searchesHome(pattern: string, args: Record<string, unknown>): boolean {
  const roots = [args.path, args.paths].flat().filter((r): r is string => typeof r === 'string');
  return huntsSecrets(pattern, roots);
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
      if (params.mode === 'read' && at === 'args.pattern' && searchesHome(s, ctx.event.args)) {
        findings.push({ path: at, reason: 'searches home or the system for keys' });
        return;
      }
      const hit =
        isCredentialPath(s) ||
        (params.mode === 'write' && isPersistencePath(s)) ||
        params.extra.some((r) => r.testExact(n)) ||
        (params.mode === 'write' && autorunWrite(n, ctx.event.args));
      if (hit)
        findings.push({ path: at, reason: `${params.mode === 'read' ? 'reads' : 'writes'} ${n}` });
    });
    return findings;
  },
};
