// draft-dcook-ppm-dap-interop-test-design §4.4 (janus' DAP-18 dialect): the collector's add_task,
// collection_start and collection_poll. Tasks and collection handles are stored (synced) before they
// are answered, so they survive a restart; a collection still running is resumed by sending the same
// request again, which the Leader answers with the job it already made (DAP-18 §4.6.1).
import { randomBytes } from 'node:crypto';
import { b64url, fromB64url } from '../encoding.js';
import { DapError, TaskError } from '../errors.js';
import { hpkeDefault } from '../hpke/index.js';
import { AEAD_AES_128_GCM, KDF_HKDF_SHA256, KEM_DHKEM_X25519_HKDF_SHA256 } from '../hpke/index.js';
import { encodeHpkeConfig } from '../messages/index.js';
import { collect, type Collection, type CollectQuery } from '../collector/collector.js';
import { isTransit } from '../http/peer.js';
import type { KvStore } from '../storage/kv.js';
import { parseTaskFile, TASK_FILE_SCHEMA, type CollectorTaskFile } from '../task/task-file.js';
import { obj, resultOf, str, success, taskParamsOf, uint, type Json } from './json.js';
import { putRecord, scanRecords } from './records.js';

/** What collection_poll answers once done (stored as is), or the error it reports. */
type JobState = { done: false } | { done: true; answer: Json } | { done: true; error: string };

interface JobRecord {
  taskId: string;
  query: CollectQuery;
  state: JobState;
}

/** How long a collection may take before its poll reports an error. */
const COLLECT_TIMEOUT_MS = 10 * 60_000;
const RETRY_MS = 1000;
/** Bounds on what add_task and collection_start may accumulate. */
export const MAX_COLLECTOR_TASKS = 10_000;
export const MAX_COLLECTION_HANDLES = 10_000;
const TASKS = 'interop/collector/task/';
const JOBS = 'interop/collector/job/';

export class InteropCollector {
  private tasks = new Map<string, CollectorTaskFile>();
  private jobs = new Map<string, JobRecord>();
  private adding = new Set<string>();
  private closed = false;

  private constructor(
    private readonly store: KvStore,
    private readonly onError: (e: unknown) => void,
  ) {}

  /** Loads the stored tasks and handles and resumes the collections that were still running. */
  static async open(store: KvStore, onError: (e: unknown) => void): Promise<InteropCollector> {
    const c = new InteropCollector(store, onError);
    for (const [id, v] of await scanRecords(store, TASKS))
      c.tasks.set(id, parseTaskFile(v, 'collector') as CollectorTaskFile);
    for (const [handle, v] of await scanRecords(store, JOBS)) {
      const rec = v as JobRecord;
      c.jobs.set(handle, rec);
      if (!rec.state.done) c.run(handle, rec);
    }
    return c;
  }

  /** Stops recording results; the store belongs to the caller. */
  close(): void {
    this.closed = true;
  }

  /** Creates the collector's HPKE key for the task; answers with its encoded config. */
  async addTask(o: Json): Promise<Json> {
    const taskId = str(o, 'task_id');
    if (this.tasks.has(taskId) || this.adding.has(taskId))
      throw new TaskError('task_invalid', `task ${taskId} already exists`);
    if (this.tasks.size >= MAX_COLLECTOR_TASKS)
      throw new TaskError(
        'task_invalid',
        `the collector holds ${MAX_COLLECTOR_TASKS} tasks already`,
      );
    const kp = hpkeDefault.generateKeyPair();
    const config = b64url(
      encodeHpkeConfig({
        id: randomBytes(1)[0] ?? 0,
        kemId: KEM_DHKEM_X25519_HKDF_SHA256,
        kdfId: KDF_HKDF_SHA256,
        aeadId: AEAD_AES_128_GCM,
        publicKey: kp.publicKey,
      }),
    );
    const file = parseTaskFile(
      {
        schema: TASK_FILE_SCHEMA,
        kind: 'dap-task',
        role: 'collector',
        task_id: taskId,
        task: taskParamsOf(o),
        collector_auth_token: str(o, 'collector_authentication_token'),
        collector_hpke_config: config,
        collector_hpke_private_key: b64url(kp.privateKey),
      },
      'collector',
    ) as CollectorTaskFile;
    // Reserved across the synced write, so a concurrent add_task of the same task_id is refused.
    this.adding.add(taskId);
    try {
      await putRecord(this.store, TASKS + taskId, file);
      this.tasks.set(taskId, file);
    } finally {
      this.adding.delete(taskId);
    }
    return success({ collector_hpke_config: config });
  }

  /** Starts a collection in the background and answers with its handle. */
  async start(o: Json): Promise<Json> {
    const taskId = str(o, 'task_id');
    const file = this.tasks.get(taskId);
    if (!file) throw new TaskError('task_invalid', 'task was not added before collection_start');
    if (fromB64url(str(o, 'agg_param')).length !== 0)
      throw new TaskError('task_invalid', 'Prio3 takes an empty agg_param');
    const q = obj(o.query, 'query');
    const tp = file.task.time_precision;
    if (this.jobs.size >= MAX_COLLECTION_HANDLES)
      throw new TaskError('task_invalid', `the collector holds ${MAX_COLLECTION_HANDLES} handles`);
    let query: CollectQuery;
    if (q.type === 1) {
      const start = uint(q, 'batch_interval_start');
      const duration = uint(q, 'batch_interval_duration');
      if (start % tp !== 0 || duration % tp !== 0 || duration === 0)
        throw new TaskError('task_invalid', 'the batch interval must be aligned to time_precision');
      query = { interval: { start: start / tp, duration: duration / tp } };
    } else if (q.type === 2) {
      query = { next: true };
    } else {
      throw new TaskError('task_invalid', 'query.type must be 1 or 2');
    }
    const handle = b64url(randomBytes(16));
    const rec: JobRecord = { taskId, query, state: { done: false } };
    await putRecord(this.store, JOBS + handle, rec);
    this.jobs.set(handle, rec);
    this.run(handle, rec);
    return success({ handle });
  }

  poll(o: Json): Json {
    const job = this.jobs.get(str(o, 'handle'));
    if (!job) throw new TaskError('task_invalid', 'unknown collection handle');
    const { state } = job;
    if (!state.done) return { status: 'in progress' };
    if ('error' in state) throw new DapError('protocol_failed', state.error);
    return state.answer;
  }

  /** Runs a collection in the background and records how it ended. */
  private run(handle: string, rec: JobRecord): void {
    const file = this.tasks.get(rec.taskId);
    const finish = (state: JobState) => {
      if (this.closed) return;
      const done = { ...rec, state };
      this.jobs.set(handle, done);
      putRecord(this.store, JOBS + handle, done).catch(this.onError);
    };
    if (!file) {
      finish({ done: true, error: `task ${rec.taskId} is not stored` });
      return;
    }
    const tp = file.task.time_precision;
    const deadline = Date.now() + COLLECT_TIMEOUT_MS;
    const answerOf = (ok: Collection): JobState => {
      let result: unknown;
      try {
        result = resultOf(ok.aggregate);
      } catch (e) {
        return { done: true, error: (e as Error).message };
      }
      return {
        done: true,
        answer: {
          status: 'complete',
          report_count: ok.reportCount,
          interval_start: ok.interval.start * tp,
          interval_duration: ok.interval.duration * tp,
          result,
        },
      };
    };
    const attempt = (): void => {
      collect(file, rec.query, {
        timeoutMs: Math.max(1, deadline - Date.now()),
        // Stored before the Leader's job is deleted: a process killed in between resumes the same
        // job, which the Leader still holds, instead of losing the batch.
        persist: async (ok) => {
          // Closing: keep the Leader's job for the restarted process rather than drop the result.
          if (this.closed) throw new DapError('protocol_failed', 'collector closing');
          const done = { ...rec, state: answerOf(ok) };
          await putRecord(this.store, JOBS + handle, done);
          this.jobs.set(handle, done);
        },
      }).then(
        () => undefined,
        (e: unknown) => {
          // A Leader not reachable yet (both restarting) is retried: the same request names the
          // same collection job. A DAP problem is protocol_failed and ends the collection.
          if (isTransit(e) && !this.closed && Date.now() + RETRY_MS < deadline) {
            setTimeout(attempt, RETRY_MS).unref();
            return;
          }
          finish({ done: true, error: e instanceof Error ? e.message : String(e) });
        },
      );
    };
    attempt();
  }
}
