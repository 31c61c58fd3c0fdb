// `mesh doctor`'s view of how `mesh guard hook` starts (docs/guard.md "Hook start-up"): from the
// one-file bundle with its code cache, from the bundle alone, or from the full CLI; and whether
// Claude Code's settings hold the guard hook, and that hook answers.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { installedCommands, SCOPES, settingsPath } from '../guard/claude-settings.js';
import { loadHookBundle } from '../cli/bundle-loader.js';
import { packageRoot } from '../version.js';
import type { CheckResult } from './checks.js';

const REBUILD = 'run `npm run build` in the package folder (npm ci does it too)';

/** Loads the bundle the way bin/mesh.js does, so what it says is what a hook process would see. */
export function checkHookStart(
  bundle = join(packageRoot(), 'dist', 'hook', 'mesh-hook.cjs'),
): CheckResult {
  const name = 'hook';
  let loaded;
  try {
    loaded = loadHookBundle(bundle, { cache: true });
  } catch (e) {
    return {
      name,
      status: 'fail',
      detail: `the hook bundle is broken, so every guard hook call denies: ${(e as Error).message}`,
      hint: REBUILD,
    };
  }
  if (loaded === null)
    return {
      name,
      status: 'warn',
      detail: 'no current hook bundle: guard hook calls load the full CLI (slower start-up)',
      hint: REBUILD,
    };
  if (loaded.cacheRejected !== false)
    return {
      name,
      status: 'warn',
      detail: `guard hook runs from the bundle, but its code cache is ${loaded.cacheRejected === null ? 'missing or unreadable' : 'refused by this Node.js'}`,
      hint: REBUILD,
    };
  return { name, status: 'ok', detail: 'guard hook runs from the bundle with its code cache' };
}

/** One guard hook command split back into its words (the install quotes each with '...'). */
function words(command: string): string[] {
  const out: string[] = [];
  const re = /'((?:[^']|'\\'')*)'|(\S+)/g;
  for (const m of command.matchAll(re)) out.push((m[1] ?? m[2] ?? '').replaceAll(`'\\''`, "'"));
  return out;
}

/**
 * Whether Claude Code's settings (user, project, local scope) hold the guard hook, and whether that
 * command answers: its node and CLI exist, its state directory is this node's, and a run of it
 * on a hook event it ignores exits 0 (a missing binary would exit 127, which Claude Code lets run).
 * @example checkHookInstalled({ stateRoot, cwd: process.cwd() })
 */
export function checkHookInstalled(o: {
  stateRoot: string;
  cwd: string;
  home?: string;
}): CheckResult {
  const name = 'hook install';
  const found: { scope: string; command: string }[] = [];
  for (const scope of SCOPES) {
    try {
      for (const command of installedCommands(settingsPath(scope, o.cwd, o.home)))
        found.push({ scope, command });
    } catch (e) {
      return { name, status: 'fail', detail: (e as Error).message, hint: 'fix the settings file' };
    }
  }
  const install = 'run: mesh guard hook claude-code install --scope user';
  if (found.length === 0)
    return {
      name,
      status: 'warn',
      detail: 'the guard hook is not in any Claude Code settings',
      hint: install,
    };
  for (const f of found) {
    const [node, bin, flag, state] = words(f.command);
    if (node === undefined || bin === undefined || !existsSync(node) || !existsSync(bin))
      return {
        name,
        status: 'fail',
        detail: `${f.scope} settings: the hook's node or CLI is missing (${node ?? '?'} ${bin ?? '?'}); Claude Code would let every call run`,
        hint: install,
      };
    if (flag !== '--state' || state === undefined || resolve(state) !== resolve(o.stateRoot))
      return {
        name,
        status: 'warn',
        detail: `${f.scope} settings: the hook uses state ${state ?? '(none)'}, not ${o.stateRoot}`,
        hint: `${install} --state ${o.stateRoot}`,
      };
    const r = spawnSync(node, words(f.command).slice(1), {
      input: JSON.stringify({ hook_event_name: 'Notification', session_id: 'doctor' }),
      encoding: 'utf8',
      timeout: 30_000,
    });
    if (r.status !== 0)
      return {
        name,
        status: 'fail',
        detail: `${f.scope} settings: the hook command does not answer (exit ${String(r.status)}): ${(r.stderr || r.error?.message || '').trim().slice(0, 200)}`,
        hint: install,
      };
  }
  return {
    name,
    status: 'ok',
    detail: `guard hook installed and answering (${[...new Set(found.map((f) => f.scope))].join(', ')} settings)`,
  };
}
