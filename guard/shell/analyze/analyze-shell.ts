// Every command a shell script would run, within its limits (docs/guard.md "Shell analysis").
import type { ShellParser } from '../parser.js';
import type { ShellAnalysis, ShellLimits } from '../model.js';
import { DEFAULT_SHELL_LIMITS } from '../model.js';
import { Expander } from '../expand.js';
import { barePowershell } from '../../interp/powershell.js';
import { readPowershell } from '../../interp/powershell-reader.js';
import { programStatements } from '../../interp/powershell-statements.js';
import { script } from './interpreters.js';
import { prescan } from './prescan.js';
import { analyzeInto } from './reparse.js';
import type { Place, Walk } from './state.js';

/**
 * Every command `source` would run; `definitions` are functions and aliases an earlier call of the
 * same session defined. This value is attacker-controlled (an agent wrote it).
 */
export function analyzeShell(
  parser: ShellParser,
  source: string,
  limits: ShellLimits = DEFAULT_SHELL_LIMITS,
  definitions?: ReadonlyMap<string, string>,
): ShellAnalysis {
  const out: ShellAnalysis = { status: 'ok', commands: [], scripts: [] };
  if (source.length > limits.maxBytes || Buffer.byteLength(source, 'utf8') > limits.maxBytes)
    return { ...out, status: 'too_large' };
  const pre = prescan(source, limits);
  if (pre !== 'ok') return { ...out, status: pre };
  const w: Walk = {
    parser,
    limits,
    out,
    args: 0,
    pipelines: 0,
    status: 'ok',
    deadline: performance.now() + limits.maxMillis,
    steps: 0,
    expand: new Expander(new Map(), limits.maxBytes),
    functions: new Map(definitions),
    calling: new Set(),
    files: new Map(),
  };
  const place: Place = {
    pipeline: -1,
    stage: 0,
    stages: 1,
    redirects: [],
    substitution: false,
    nested: 0,
    branch: false,
  };
  analyzeInto(w, source, place);
  // an agent's shell tool on Windows runs PowerShell (docs/guard.md "Interpreter code")
  if (barePowershell(source)) {
    // PowerShell bash cannot read (`@{...}`, `[Convert]::...(...)`) is read by its own bounded reader
    if (w.status === 'parse_error' && readPowershell(source) !== null) w.status = 'ok';
    // a line mixing both: the programs it runs are read as shell commands, each on its own
    const programs = w.status === 'parse_error' ? programStatements(source) : null;
    if (programs !== null) {
      w.status = 'ok';
      programs.every((p) => {
        analyzeInto(w, p, place);
        return w.status === 'ok';
      });
    }
    script(w, 'pwsh', source, place);
  }
  out.status = w.status;
  if (w.functions.size > 0) out.definitions = w.functions;
  return out;
}
