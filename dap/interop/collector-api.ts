// draft-dcook-ppm-dap-interop-test-design §4.4 (janus' DAP-18 dialect): the collector's add_task,
// collection_start and collection_poll. State lives in memory, as in the dialect's own collector.
import { randomBytes } from 'node:crypto';
import { b64url, fromB64url } from '../encoding.js';
import { TaskError } from '../errors.js';
import { hpkeDefault } from '../hpke/index.js';
import { AEAD_AES_128_GCM, KDF_HKDF_SHA256, KEM_DHKEM_X25519_HKDF_SHA256 } from '../hpke/index.js';
import { encodeHpkeConfig } from '../messages/index.js';
import { collect, type Collection } from '../collector/collector.js';
import { parseTaskFile, TASK_FILE_SCHEMA, type CollectorTaskFile } from '../task/task-file.js';
import { obj, resultOf, str, success, taskParamsOf, uint, type Json } from './json.js';

type JobState = { done: false } | { done: true; ok: Collection } | { done: true; error: unknown };

/** How long a collection may take before its poll reports an error. */
const COLLECT_TIMEOUT_MS = 10 * 60_000;

export class InteropCollector {
  private tasks = new Map<string, CollectorTaskFile>();
  private jobs = new Map<string, { tp: number; state: JobState }>();

  /** Creates the collector's HPKE key for the task; answers with its encoded config. */
  addTask(o: Json): Json {
    const taskId = str(o, 'task_id');
    if (this.tasks.has(taskId))
      throw new TaskError('task_invalid', `task ${taskId} already exists`);
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
    this.tasks.set(taskId, file);
    return success({ collector_hpke_config: config });
  }

  /** Starts a collection in the background and answers with its handle. */
  start(o: Json): Json {
    const file = this.tasks.get(str(o, 'task_id'));
    if (!file) throw new TaskError('task_invalid', 'task was not added before collection_start');
    if (fromB64url(str(o, 'agg_param')).length !== 0)
      throw new TaskError('task_invalid', 'Prio3 takes an empty agg_param');
    const q = obj(o.query, 'query');
    const tp = file.task.time_precision;
    let query: Parameters<typeof collect>[1];
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
    this.jobs.set(handle, { tp, state: { done: false } });
    collect(file, query, { timeoutMs: COLLECT_TIMEOUT_MS }).then(
      (ok) => this.jobs.set(handle, { tp, state: { done: true, ok } }),
      (error: unknown) => this.jobs.set(handle, { tp, state: { done: true, error } }),
    );
    return success({ handle });
  }

  poll(o: Json): Json {
    const job = this.jobs.get(str(o, 'handle'));
    if (!job) throw new TaskError('task_invalid', 'unknown collection handle');
    const { tp, state } = job;
    if (!state.done) return { status: 'in progress' };
    if ('error' in state) throw state.error;
    return {
      status: 'complete',
      report_count: state.ok.reportCount,
      interval_start: state.ok.interval.start * tp,
      interval_duration: state.ok.interval.duration * tp,
      result: resultOf(state.ok.aggregate),
    };
  }
}
