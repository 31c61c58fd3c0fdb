// DAP-18 §4.4 Client: fetch and cache HPKE configs, shard, encrypt with the TaskConfiguration in the
// AAD, bulk upload, and on outdated_config refetch the configs and retry those reports once.
import { randomBytes } from 'node:crypto';
import { concatBytes } from '../../common/index.js';
import { DapError } from '../errors.js';
// hpkeNode is hpkeDefault, taken from its own module so a preparing thread loads no @noble code.
import type { Hpke } from '../hpke/hpke.js';
import { hpkeNode } from '../hpke/node.js';
import { sealInputShare, supportedConfig } from '../envelope.js';
import {
  decodeHpkeConfigList,
  decodeReport,
  decodeUploadErrors,
  encodePlaintextInputShare,
  encodeReport,
  isMediaType,
  MediaType,
  REPORT_ID_SIZE,
  Role,
  type Extension,
  type HpkeConfig,
  type Report,
  type ReportErrorName,
} from '../messages/index.js';
import { parseProblem } from '../problem.js';
import { peerRequest } from '../http/peer.js';
import { DEFAULT_PEER_LIMITS, type PeerLimits } from '../http/peer-limits.js';
import type { ClientTaskFile } from '../task/task-file.js';
import { taskOf, type Task } from '../task/task.js';
import { sendChunks, UPLOAD_CHUNK, type Indexed } from './chunked-upload.js';
import { PrepareThread, threadsAvailable } from './prepare-thread.js';

export interface Submission {
  measurement: unknown;
  /** Seconds since the epoch; truncated down to the task's time_precision. */
  timeSeconds: number;
}

export interface UploadResult {
  accepted: number;
  rejected: { index: number; error: ReportErrorName }[];
}

/** Fewer reports are prepared on the calling thread alone: a thread's start-up would cost more. */
const THREADED_FROM = 4 * UPLOAD_CHUNK;

/**
 * The DAP-18 §4.4 Client of one task: `upload` shards each measurement, seals the shares to the
 * Leader's and Helper's HPKE configs and posts them in bulk; a report refused as outdated_config
 * is regenerated and sent once more, other refusals come back in `rejected`.
 *
 * @throws {DapError} vdaf_failed (a measurement the task's VDAF does not accept), http_failed,
 * http_timeout, http_body_too_large (an aggregator unreachable or refusing), protocol_failed (no
 * supported HPKE config, or an answer that is not DAP)
 * @example
 * const client = new DapClient(readTaskFile('tasks/client.json', 'client'));
 * const { accepted, rejected } = await client.upload([
 *   { measurement: [1, 0, 3, 2], timeSeconds: Math.floor(Date.now() / 1000) },
 * ]);
 */
export class DapClient {
  readonly task: Task;
  private configs = new Map<'leader' | 'helper', HpkeConfig>();
  /**
   * The public extensions of a new report, given its ID and time (a task with an issuer needs its
   * token here: node/ sets this to fetch one per report).
   */
  reportExtensions?: (reportId: Uint8Array, time: number) => Promise<Extension[]>;
  /**
   * Worker threads that shard and seal beside the calling thread during `upload` (0: none). Used
   * for uploads of at least THREADED_FROM reports, with the default HPKE and no reportExtensions.
   */
  prepareThreads = 0;
  /**
   * How a preparing thread starts when the caller has a faster way than loading its modules one by
   * one (node/ gives the thread's one-file bundle with its code cache): a CommonJS expression,
   * evaluated in the thread, that calls prepare-serve.ts's servePrepareRequests() and is true when
   * it did, false (never a throw) when the thread is to load its module instead.
   */
  prepareThreadStart?: string;

  constructor(
    private readonly file: ClientTaskFile,
    private readonly hpke: Hpke = hpkeNode,
    private readonly timeoutMs = 30_000,
    private readonly limits: PeerLimits = DEFAULT_PEER_LIMITS,
  ) {
    this.task = taskOf(file);
  }

  /** The first advertised config this client supports (§4.4.1); cached until outdated_config. */
  async hpkeConfig(role: 'leader' | 'helper'): Promise<HpkeConfig> {
    const cached = this.configs.get(role);
    if (cached) return cached;
    const base = role === 'leader' ? this.task.params.leader : this.task.params.helper;
    const res = await peerRequest({
      method: 'GET',
      url: `${base}hpke_config`,
      timeoutMs: this.timeoutMs,
      maxBodyBytes: this.limits.hpkeConfigListBytes,
      idleTimeoutMs: this.limits.idleTimeoutMs,
    });
    if (res.status !== 200 || !isMediaType(res.contentType, 'hpkeConfigList'))
      throw new DapError('http_failed', `${role} hpke_config answered ${res.status}`);
    // this value is attacker-controlled
    const c = decodeHpkeConfigList(res.body).find(supportedConfig);
    if (!c) throw new DapError('protocol_failed', `${role} offers no supported HPKE config`);
    this.configs.set(role, c);
    return c;
  }

  /** Both Aggregators' configs, the two fetched at once when neither is cached. */
  private bothConfigs(): Promise<[HpkeConfig, HpkeConfig]> {
    return Promise.all([this.hpkeConfig('leader'), this.hpkeConfig('helper')]);
  }

  /** Takes configs fetched by another Client of the same task (a preparing thread's). */
  adoptHpkeConfigs(configs: { leader: HpkeConfig; helper: HpkeConfig }): void {
    this.configs.set('leader', configs.leader);
    this.configs.set('helper', configs.helper);
  }

  /** Shards and encrypts one measurement (§4.4.2). */
  async prepare(s: Submission): Promise<Report> {
    const t = this.task;
    const measurement = t.vdaf.parseMeasurement(s.measurement);
    const [leader, helper] = await this.bothConfigs();
    const reportId = new Uint8Array(randomBytes(REPORT_ID_SIZE));
    const time = Math.floor(s.timeSeconds / t.params.time_precision);
    const rand = new Uint8Array(randomBytes(t.vdaf.randSize));
    const { publicShare, inputShares } = t.vdaf.shard(t.ctx, measurement, reportId, rand);
    const publicExtensions = this.reportExtensions
      ? await this.reportExtensions(reportId, time)
      : [];
    const metadata = { reportId, time, publicExtensions };
    const aad = { taskId: t.id, taskConfiguration: t.config, metadata, publicShare };
    const seal = (cfg: HpkeConfig, role: Role, payload: Uint8Array) =>
      sealInputShare(
        this.hpke,
        cfg,
        role,
        aad,
        encodePlaintextInputShare({ privateExtensions: [], payload }),
      );
    return {
      metadata,
      publicShare,
      leaderEncryptedInputShare: seal(leader, Role.leader, inputShares[0]),
      helperEncryptedInputShare: seal(helper, Role.helper, inputShares[1]),
    };
  }

  /** One UploadRequest (§4.4.2: the encoded Reports one after another). */
  private async post(encoded: readonly Uint8Array[]): Promise<Map<string, ReportErrorName>> {
    const url = `${this.task.params.leader}tasks/${this.task.idB64}/reports`;
    const res = await peerRequest({
      method: 'POST',
      url,
      mediaType: MediaType.uploadReq,
      body: concatBytes(...encoded),
      timeoutMs: this.timeoutMs,
      maxBodyBytes: this.limits.uploadResponseBytes,
      idleTimeoutMs: this.limits.idleTimeoutMs,
    });
    if (res.status >= 300) {
      const p = parseProblem(new TextDecoder().decode(res.body));
      throw new DapError(
        'http_failed',
        `upload refused (${res.status}${p ? ` ${p.doc.type}: ${p.doc.detail ?? ''}` : ''})`,
      );
    }
    const out = new Map<string, ReportErrorName>();
    if (res.body.length === 0) return out;
    if (!isMediaType(res.contentType, 'uploadErrors'))
      throw new DapError('protocol_failed', 'upload answer is not upload-errors');
    // this value is attacker-controlled
    for (const e of decodeUploadErrors(res.body))
      out.set(Buffer.from(e.reportId).toString('hex'), e.error);
    return out;
  }

  /**
   * Uploads reports prepared (and recorded) earlier, byte for byte: a node that crashed after
   * preparing re-sends the same report, whose ID the Leader de-duplicates, instead of a new one.
   * A replayed report was accepted before, so it is not an error here.
   *
   * On outdated_config the Leader did not take the report, so §4.4.2 has the Client drop its cached
   * configs and retry once "with a freshly generated Report": `regenerate(i)` shards report i's
   * measurement again (new report ID, new randomness) and must record it durably before it returns,
   * so that a crash re-sends the new report, never a second new one. Reusing the old ID with fresh
   * encryption is not what the draft asks for, and keeping the shares to re-seal would keep the
   * measurement at rest. This is safe only because a Leader checks replays before config IDs, so a
   * report it accepted earlier is answered report_replayed, not outdated_config.
   */
  async uploadEncoded(
    encoded: readonly Uint8Array[],
    regenerate?: (index: number) => Promise<Uint8Array>,
  ): Promise<void> {
    // this value is attacker-controlled only if the caller's store was tampered with: decode it
    const reports = encoded.map((b) => decodeReport(b));
    const errorsOf = async (rs: Report[]) => {
      const errors = await this.post(rs.map(encodeReport));
      return rs.map((r) => errors.get(Buffer.from(r.metadata.reportId).toString('hex')));
    };
    let errors = await errorsOf(reports);
    const stale = errors.flatMap((e, i) => (e === 'outdated_config' ? [i] : []));
    if (regenerate && stale.length > 0) {
      this.configs.clear();
      const fresh: Report[] = [];
      for (const i of stale) fresh.push(decodeReport(await regenerate(i)));
      const again = await errorsOf(fresh);
      errors = errors.map((e, i) => (e === 'outdated_config' ? again[stale.indexOf(i)] : e));
    }
    const fatal = errors.filter((e) => e !== undefined && e !== 'report_replayed');
    if (fatal.length > 0)
      throw new DapError('protocol_failed', `the Leader refused the report: ${fatal.join(', ')}`);
  }

  /**
   * Shards, seals and uploads `subs` in requests of UPLOAD_CHUNK reports, at most UPLOADS_IN_FLIGHT
   * requests at a time, so the Leader stores one request while the next is prepared; with
   * `prepareThreads`, chunks are prepared on the calling thread and on the threads at once. Reports
   * refused as outdated_config are prepared again (fresh configs, calling thread) and sent once more.
   */
  async upload(subs: readonly Submission[]): Promise<UploadResult> {
    const result: UploadResult = { accepted: 0, rejected: [] };
    let pending: Indexed[] = subs.map((s, index) => ({ s, index }));
    for (let attempt = 0; attempt < 2 && pending.length > 0; attempt++) {
      const retry: Indexed[] = [];
      const tally = (
        chunk: Indexed[],
        encoded: Uint8Array[],
        errors: Map<string, ReportErrorName>,
      ) => {
        encoded.forEach((r, i) => {
          const p = chunk[i];
          if (!p) return;
          const e = errors.get(Buffer.from(r.subarray(0, REPORT_ID_SIZE)).toString('hex'));
          if (e === undefined) result.accepted++;
          else if (e === 'outdated_config' && attempt === 0) retry.push(p);
          else result.rejected.push({ index: p.index, error: e });
        });
      };
      const threads = attempt === 0 ? await this.startThreads(pending.length) : [];
      try {
        await sendChunks(pending, threads, {
          prepare: async (sub) => encodeReport(await this.prepare(sub)),
          post: (encoded) => this.post(encoded),
          tally,
        });
      } finally {
        await Promise.all(threads.map((t) => t.close()));
      }
      if (retry.length > 0) this.configs.clear();
      pending = retry.sort((a, b) => a.index - b.index);
    }
    result.rejected.sort((a, b) => a.index - b.index);
    return result;
  }

  /** The preparing threads an upload of `reports` reports starts (see `prepareThreads`). */
  threadsFor(reports: number): number {
    const threaded = reports >= THREADED_FROM && this.hpke === hpkeNode;
    return threaded && !this.reportExtensions && threadsAvailable() ? this.prepareThreads : 0;
  }

  private async startThreads(reports: number): Promise<PrepareThread[]> {
    const n = this.threadsFor(reports);
    if (n <= 0) return [];
    const [leader, helper] = await this.bothConfigs();
    const configs = { leader, helper };
    return Array.from(
      { length: n },
      () => new PrepareThread({ file: this.file, configs }, this.prepareThreadStart),
    );
  }
}
