// DAP-18 §4.4.2 report preparation on a worker thread: the thread shards and seals whole chunks of
// measurements with the HPKE configs its Client fetched, so one Client uses every core it is given.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { DapError, type DapErrorCode } from '../errors.js';
import type { HpkeConfig } from '../messages/index.js';
import type { ClientTaskFile } from '../task/task-file.js';
import type { Submission } from './client.js';

/** What a thread starts with (workerData). */
export interface PrepareSetup {
  file: ClientTaskFile;
  configs: { leader: HpkeConfig; helper: HpkeConfig };
}
export interface PrepareRequest {
  id: number;
  subs: Submission[];
}
/** Encoded Reports in the order of the request's submissions, or the first failure. */
export type PrepareAnswer =
  | { id: number; reports: Uint8Array[] }
  | { id: number; error: { code: DapErrorCode; message: string } };

/**
 * The thread's module: beside this one (in dist/, or as TypeScript when this runs from its source),
 * or, when this runs from a one-file CLI bundle (dist/cli/<command>.cjs, docs/architecture.md
 * "Start-up"), in the dist/ tree beside the bundle's directory. Undefined when neither is there.
 */
function workerEntry(): URL | undefined {
  const here = import.meta.url;
  const candidates = here.endsWith('.ts')
    ? ['./prepare-worker.ts']
    : ['./prepare-worker.js', '../dap/client/prepare-worker.js'];
  return candidates.map((c) => new URL(c, here)).find((u) => existsSync(u));
}

/**
 * The thread's boot code: `start` first when given (a CommonJS expression that starts the thread's
 * work and is true when it did), else the thread's module; from TypeScript sources (tests, tsx) it
 * loads them through tsx.
 */
function bootCode(entry: URL, start: string | undefined): string {
  const load = `import(${JSON.stringify(entry.href)})`;
  const plain = entry.pathname.endsWith('.ts')
    ? `import('tsx/esm/api').then((t) => { t.register(); return ${load}; });`
    : `${load};`;
  return start === undefined ? plain : `if (!(${start})) ${plain}`;
}

let entry: URL | null | undefined;
/** Whether preparing threads can start here (their module is found once per process). */
export function threadsAvailable(): boolean {
  if (entry === undefined) entry = workerEntry() ?? null;
  return entry !== null;
}

/**
 * One worker thread that prepares Reports for a task (prepare-serve.ts), one chunk at a time.
 * `start` is a faster way to start it than loading its modules one by one (see bootCode).
 *
 * @throws {DapError} vdaf_failed from `prepare`: a measurement the task's VDAF does not accept, or
 * the thread itself failed (its message says which)
 * @example
 * const t = new PrepareThread({ file, configs: { leader, helper } });
 * const encoded = await t.prepare([{ measurement: 1, timeSeconds: now }]);
 * await t.close();
 */
export class PrepareThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<
    number,
    { resolve: (r: Uint8Array[]) => void; reject: (e: Error) => void }
  >();
  private nextId = 0;
  private failure: Error | undefined;

  constructor(setup: PrepareSetup, start?: string) {
    if (!threadsAvailable() || !entry)
      throw new DapError('vdaf_failed', 'the preparing thread module is not installed');
    this.worker = new Worker(bootCode(entry, start), { eval: true, workerData: setup });
    this.worker.on('message', (a: PrepareAnswer) => {
      const w = this.waiting.get(a.id);
      if (!w) return;
      this.waiting.delete(a.id);
      if ('reports' in a) w.resolve(a.reports);
      else w.reject(new DapError(a.error.code, a.error.message));
    });
    const fail = (e: Error) => {
      this.failure ??= e;
      for (const w of this.waiting.values()) w.reject(this.failure);
      this.waiting.clear();
    };
    this.worker.on('error', (e) => {
      fail(new DapError('vdaf_failed', `the preparing thread failed: ${e.message}`, { cause: e }));
    });
    this.worker.on('exit', (code) => {
      fail(new DapError('vdaf_failed', `the preparing thread exited (${String(code)})`));
    });
  }

  /** Shards and seals `subs`, answering their encoded Reports in order. */
  prepare(subs: Submission[]): Promise<Uint8Array[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, subs } satisfies PrepareRequest);
    });
  }

  async close(): Promise<void> {
    this.failure ??= new DapError('vdaf_failed', 'the preparing thread was closed');
    await this.worker.terminate();
  }
}
