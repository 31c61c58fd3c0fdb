// Output conventions: results on stdout (one JSON document with --json), progress and logs on stderr.
import { isMeshError } from '../../common/index.js';

export interface Output {
  readonly json: boolean;
  /** Prints the command's result: `value` as one JSON line with --json, else `human(value)`. */
  result<T>(value: T, human: (value: T) => string): void;
  /** Progress for long work; stderr so stdout stays parseable. Silent with --quiet. */
  progress(message: string): void;
}

export interface OutputStreams {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

const processStreams: OutputStreams = {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
};

export function createOutput(
  opts: { json?: boolean; quiet?: boolean },
  io: OutputStreams = processStreams,
): Output {
  const json = opts.json === true;
  return {
    json,
    result(value, human) {
      if (json) io.stdout(JSON.stringify(value) + '\n');
      else {
        const text = human(value);
        io.stdout(text.endsWith('\n') || text === '' ? text : text + '\n');
      }
    },
    progress(message) {
      if (opts.quiet !== true) io.stderr(`… ${message}\n`);
    },
  };
}

export interface ErrorReport {
  error: { code: string; message: string; hint?: string };
}

/** The shape of a failure: stable code, message, and where known, what to do next. */
export function describeError(e: unknown): ErrorReport {
  if (isMeshError(e)) {
    // Every room's coded error (NodeError, PackError, TufError, ...) may carry a next step.
    const hint = e.hint;
    return {
      error: {
        code: e.code,
        message: e.message,
        ...(hint !== undefined && hint !== '' ? { hint } : {}),
      },
    };
  }
  if (e instanceof Error) {
    // A system error (ENOENT, EACCES, ...) keeps its own code.
    const { code } = e as { code?: unknown };
    return { error: { code: typeof code === 'string' ? code : 'internal', message: e.message } };
  }
  return { error: { code: 'internal', message: String(e) } };
}

export function printError(e: unknown, json: boolean, io: OutputStreams = processStreams): void {
  const report = describeError(e);
  if (json) {
    io.stdout(JSON.stringify(report) + '\n');
    return;
  }
  io.stderr(`mesh: error [${report.error.code}]: ${report.error.message}\n`);
  if (report.error.hint) io.stderr(`  next: ${report.error.hint}\n`);
}
