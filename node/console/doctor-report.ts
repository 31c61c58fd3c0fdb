// The console's doctor page runs `mesh doctor --json` for the node's state directory in a child
// process: the checks are the CLI's own, and their blocking probes never stall the console's server.
// Its output is read with a bound and a deadline; one run at a time.
import { spawn } from 'node:child_process';
import type { CheckResult } from '../doctor/index.js';
import { MESH_BIN } from '../demo/children.js';
import { NodeError } from '../errors.js';

/** Largest `mesh doctor --json` output read. */
const MAX_OUTPUT = 1 << 20;
const DEADLINE_MS = 60_000;

export interface DoctorReport {
  ok: boolean;
  checks: CheckResult[];
}

function isCheck(v: unknown): v is CheckResult {
  const c = v as Partial<CheckResult> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.name === 'string' &&
    typeof c.detail === 'string' &&
    (c.status === 'ok' || c.status === 'warn' || c.status === 'fail')
  );
}

function run(stateRoot: string): Promise<DoctorReport> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [MESH_BIN, '--state', stateRoot, 'doctor', '--json'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new NodeError('io_failed', `mesh doctor gave no answer within ${DEADLINE_MS / 1000} s`));
    }, DEADLINE_MS);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (out.length > MAX_OUTPUT) child.kill('SIGKILL');
    });
    child.once('error', (e) => {
      clearTimeout(timer);
      fail(e);
    });
    child.once('close', () => {
      clearTimeout(timer);
      const noReport = (why: string, cause?: unknown): NodeError =>
        new NodeError('io_failed', `mesh doctor --json answered no report (${why})`, undefined, {
          cause,
        });
      let doc: { ok?: unknown; checks?: unknown } | null;
      try {
        doc = JSON.parse(out) as { ok?: unknown; checks?: unknown } | null;
      } catch (e) {
        fail(noReport((e as Error).message, e));
        return;
      }
      const checks = doc?.checks;
      if (Array.isArray(checks) && checks.every(isCheck)) done({ ok: doc?.ok === true, checks });
      else fail(noReport('no list of checks'));
    });
  });
}

/** Runs doctor for one state directory; concurrent callers share the run in progress. */
export class DoctorRunner {
  private running: Promise<DoctorReport> | undefined;

  constructor(private readonly stateRoot: string) {}

  /**
   * The checks `mesh doctor` reports now.
   * @throws {NodeError} io_failed when doctor does not answer within its deadline or answers no
   *   report
   * @example (await new DoctorRunner(stateRoot).report()).checks[0] // { name: 'node', status: 'ok', ... }
   */
  report(): Promise<DoctorReport> {
    this.running ??= run(this.stateRoot).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }
}
