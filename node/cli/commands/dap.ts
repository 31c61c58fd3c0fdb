// `mesh dap task new|submit|collect|keys` (docs/architecture.md): provision a DAP-18 task, upload reports, collect.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import {
  collect,
  DapClient,
  migrateStore,
  encodeTaskInfo,
  newTaskFiles,
  readTaskFile,
  type Submission,
  type TaskParamsJson,
  dpParamsFor,
  type DpParamsJson,
} from '../../../dap/index.js';
import { collectionKey, spendDpBudget } from '../../consensus/index.js';
import { UsageError } from '../../errors.js';
import { writeFileAtomic } from '../../../common/index.js';
import { batchSizeFloor, refuseNewTaskBelowFloor } from '../../report/batch-floor.js';
import { contextFor } from '../context.js';
import { prepareThreadStart } from '../prepare-thread-start.js';
import { registerDapKeys } from './dap-keys.js';
import { registerDapHeavyHitters } from './dap-heavy-hitters.js';
import { intervalFlag } from './dap-interval.js';
import { EXIT_FAILURE } from '../exit-codes.js';
import { attachTokens, uploadEach } from '../../tokens/report-tokens.js';
import { issuerPolicyFor } from '../../tokens/issuer-policy.js';

const VDAFS = [
  'Prio3Count',
  'Prio3Sum',
  'Prio3SumVec',
  'Prio3Histogram',
  'Prio3MultihotCountVec',
  'Poplar1',
];

function positiveInt(v: string | undefined, flag: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new UsageError(`${flag} must be a positive integer, got ${v}`);
  return n;
}

const endpoint = (u: string): string => (u.endsWith('/') ? u : `${u}/`);

interface NewFlags {
  vdaf: string;
  length?: string;
  maxMeasurement?: string;
  maxWeight?: string;
  chunkLength?: string;
  bits?: string;
  minBatchSize: string;
  batchMode: string;
  timePrecision: string;
  leader: string;
  helper: string;
  outDir: string;
  taskInfo: string;
  belowConsentFloor?: boolean;
  issuer?: string;
  issuerKey?: string;
  tokenWindow?: string;
  dpEpsilon?: string;
  dpDelta?: string;
  json?: boolean;
}

/** --dp-epsilon E [--dp-delta D]: discrete Laplace without delta, discrete Gaussian with it. */
function dpFlags(flags: NewFlags): DpParamsJson | undefined {
  if (flags.dpEpsilon === undefined) {
    if (flags.dpDelta !== undefined) throw new UsageError('--dp-delta needs --dp-epsilon');
    return undefined;
  }
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  try {
    return dpParamsFor(num(flags.dpEpsilon) ?? NaN, num(flags.dpDelta));
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/dp\.(epsilon|delta)/, '--dp-$1'));
  }
}

async function taskNew(flags: NewFlags, cmd: Command): Promise<void> {
  const ctx = contextFor(cmd, flags);
  if (!VDAFS.includes(flags.vdaf))
    throw new UsageError(`--vdaf must be one of ${VDAFS.join(', ')}`);
  if (flags.batchMode !== 'time_interval' && flags.batchMode !== 'leader_selected')
    throw new UsageError('--batch-mode must be time_interval or leader_selected');
  const vdaf: TaskParamsJson['vdaf'] = { type: flags.vdaf as TaskParamsJson['vdaf']['type'] };
  const opt = (
    v: number | undefined,
    k: 'length' | 'max_measurement' | 'max_weight' | 'chunk_length' | 'bits',
  ) => {
    if (v !== undefined) vdaf[k] = v;
  };
  opt(positiveInt(flags.length, '--length'), 'length');
  opt(positiveInt(flags.maxMeasurement, '--max-measurement'), 'max_measurement');
  opt(positiveInt(flags.maxWeight, '--max-weight'), 'max_weight');
  opt(positiveInt(flags.chunkLength, '--chunk-length'), 'chunk_length');
  opt(positiveInt(flags.bits, '--bits'), 'bits');
  const params: TaskParamsJson = {
    task_info: encodeTaskInfo(flags.taskInfo),
    leader: endpoint(flags.leader),
    helper: endpoint(flags.helper),
    time_precision: positiveInt(flags.timePrecision, '--time-precision') ?? 3600,
    min_batch_size: positiveInt(flags.minBatchSize, '--min-batch-size') ?? 100,
    batch_mode: flags.batchMode,
    vdaf,
  };
  refuseNewTaskBelowFloor(params.min_batch_size, flags.belowConsentFloor === true);
  if (params.min_batch_size < batchSizeFloor())
    ctx.out.progress(
      `warning: min_batch_size ${params.min_batch_size} is under the consent floor ${batchSizeFloor()}; nodes refuse this task unless their operator opts out`,
    );
  const issuer =
    flags.issuer === undefined
      ? undefined
      : await issuerPolicyFor(flags.issuer, {
          publicKey: flags.issuerKey,
          windowSeconds: positiveInt(flags.tokenWindow, '--token-window'),
          timePrecision: params.time_precision,
        });
  let files;
  try {
    const dp = dpFlags(flags);
    files = newTaskFiles(params, {
      ...(issuer === undefined ? {} : { issuer }),
      ...(dp === undefined ? {} : { dp }),
    });
  } catch (e) {
    throw new UsageError(
      (e as Error).message,
      'check the VDAF flags (--length, --max-measurement, --max-weight, --bits)',
      { cause: e },
    );
  }
  const dir = resolve(flags.outDir);
  const written: Record<string, string> = {};
  for (const role of ['client', 'leader', 'helper', 'collector'] as const) {
    const p = join(dir, `${role}.json`);
    writeFileAtomic(p, JSON.stringify(files[role], null, 2) + '\n', { mode: 0o600 });
    written[role] = p;
  }
  ctx.out.result(
    { task_id: files.client.task_id, files: written },
    (r) =>
      `task ${r.task_id}\n` +
      Object.entries(r.files)
        .map(([role, p]) => `  ${role.padEnd(9)} ${p}`)
        .join('\n') +
      '\nGive each party only its own file: client.json is public, the others hold secrets.',
  );
}

function readMeasurements(flags: { measurement?: string; measurements?: string }): unknown[] {
  if ((flags.measurement === undefined) === (flags.measurements === undefined))
    throw new UsageError('give exactly one of --measurement JSON or --measurements FILE.jsonl');
  const parse = (s: string, where: string): unknown => {
    try {
      return JSON.parse(s);
    } catch {
      throw new UsageError(`${where} is not JSON: ${s.slice(0, 40)}`);
    }
  };
  if (flags.measurement !== undefined) return [parse(flags.measurement, '--measurement')];
  const path = flags.measurements ?? '';
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${(e as Error).message}`, undefined, { cause: e });
  }
  return text
    .split('\n')
    .map((l, i) => [l.trim(), i + 1] as const)
    .filter(([l]) => l !== '')
    .map(([l, n]) => parse(l, `${path}:${n}`));
}

/** Preparing threads beside the calling one, whatever the machine's core count. */
const MAX_PREPARE_THREADS = 3;

async function submit(
  flags: {
    task: string;
    measurement?: string;
    measurements?: string;
    time?: string;
    orgKey?: string;
    json?: boolean;
  },
  cmd: Command,
): Promise<void> {
  const ctx = contextFor(cmd, flags);
  const file = readTaskFile(flags.task, 'client');
  const client = new DapClient(file);
  // The machine's other cores shard and seal too (each thread holds its own VDAF and HPKE state).
  client.prepareThreads = Math.min(MAX_PREPARE_THREADS, availableParallelism() - 1);
  client.prepareThreadStart = prepareThreadStart();
  if (file.issuer !== undefined && flags.orgKey === undefined)
    throw new UsageError(
      'this task requires a token per report',
      'give --org-key FILE (your organisation key, mesh org new)',
    );
  const org = flags.orgKey === undefined ? undefined : attachTokens(client, flags.orgKey);
  let timeSeconds = Math.floor(Date.now() / 1000);
  if (flags.time !== undefined) {
    const t = Number(flags.time);
    if (!Number.isSafeInteger(t) || t < 0) throw new UsageError('--time must be UNIX seconds');
    timeSeconds = t;
  }
  const subs: Submission[] = readMeasurements(flags).map((measurement) => ({
    measurement,
    timeSeconds,
  }));
  for (const s of subs) {
    try {
      client.task.vdaf.parseMeasurement(s.measurement);
    } catch (e) {
      throw new UsageError((e as Error).message, undefined, { cause: e });
    }
  }
  const threads = org === undefined ? client.threadsFor(subs.length) : 0;
  ctx.out.progress(
    `uploading ${subs.length} report(s) to ${file.task.leader}` +
      (threads > 0 ? `, prepared on ${threads + 1} threads` : ''),
  );
  const r =
    org === undefined
      ? { ...(await client.upload(subs)), refused: [] }
      : await uploadEach(client, subs);
  const tp = file.task.time_precision;
  ctx.out.result(
    {
      accepted: r.accepted,
      rejected: r.rejected,
      ...(org === undefined ? {} : { org_id: org.orgId, refused: r.refused }),
      time: Math.floor(timeSeconds / tp) * tp,
    },
    (v) =>
      `${v.accepted} accepted` +
      (v.rejected.length
        ? `, ${v.rejected.length} rejected: ${v.rejected.map((x) => `#${x.index} ${x.error}`).join(', ')}`
        : '') +
      (r.refused.length
        ? `, ${r.refused.length} not sent: ${r.refused.map((x) => `#${x.index} ${x.error}`).join(', ')}` +
          ' (one token per organisation per window)'
        : ''),
  );
  if (r.rejected.length > 0 || r.refused.length > 0) process.exitCode = EXIT_FAILURE;
}

async function collectCmd(
  flags: { task: string; interval?: string; next?: boolean; timeout: string; json?: boolean },
  cmd: Command,
): Promise<void> {
  const ctx = contextFor(cmd, flags);
  const file = readTaskFile(flags.task, 'collector');
  const tp = file.task.time_precision;
  if ((flags.interval === undefined) === (flags.next !== true))
    throw new UsageError('give exactly one of --interval START,DURATION or --next');
  let query: Parameters<typeof collect>[1];
  if (flags.interval !== undefined) {
    query = { interval: intervalFlag(flags.interval, tp) };
  } else {
    if (file.task.batch_mode !== 'leader_selected')
      throw new UsageError('--next is for leader_selected tasks; this task needs --interval');
    query = { next: true };
  }
  const timeoutMs = (positiveInt(flags.timeout, '--timeout') ?? 120) * 1000;
  ctx.out.progress(`collecting from ${file.task.leader}`);
  const c = await collect(file, query, { timeoutMs });
  ctx.out.result(
    {
      aggregate: c.aggregate,
      report_count: c.reportCount,
      interval: { start: c.interval.start * tp, duration: c.interval.duration * tp },
      // With dp: the mechanism, epsilon (delta) of this collection and what the task has spent.
      ...(c.dp === undefined
        ? {}
        : {
            dp: c.dp,
            budget: spendDpBudget(
              `${flags.task}.dp-budget.json`,
              file.task_id,
              c.dp,
              collectionKey(c),
            ),
          }),
    },
    (v) =>
      `aggregate ${JSON.stringify(v.aggregate)} over ${v.report_count} reports` +
      (v.dp === undefined || v.budget === undefined
        ? ''
        : `\nnoised by ${v.dp.noisedBy}: ${v.dp.mechanism}, epsilon ${v.dp.epsilon}${v.dp.delta === undefined ? '' : `, delta ${v.dp.delta}`} per collection; this task has spent epsilon ${v.budget.epsilon} over ${v.budget.collections} collection(s)`),
  );
}

export function registerDap(program: Command): void {
  const dap = program
    .command('dap')
    .description('DAP-18 tasks: provision, submit reports, collect aggregates');
  const task = dap.command('task').description('DAP task files');
  task
    .command('new')
    .description(
      'create a task: client.json (public), leader.json, helper.json, collector.json (secret, 0600)',
    )
    .requiredOption('--vdaf <name>', VDAFS.join('|'))
    .option('--length <n>', 'vector length / number of buckets')
    .option('--max-measurement <m>', 'largest summand (Prio3Sum, Prio3SumVec)')
    .option('--max-weight <w>', 'most entries set (Prio3MultihotCountVec)')
    .option('--bits <n>', 'length of each measurement in bits (Poplar1)')
    .option(
      '--chunk-length <c>',
      'proof chunk length (default: about the square root of the input)',
    )
    .option('--min-batch-size <k>', 'smallest batch the collector may read', '100')
    .option('--batch-mode <mode>', 'time_interval|leader_selected', 'time_interval')
    .option('--time-precision <seconds>', 'report time granularity', '3600')
    .option('--task-info <text>', 'distinguishes otherwise identical tasks', 'interlock-mesh')
    .option(
      '--below-consent-floor',
      'demos and tests only: allow --min-batch-size under the consent floor (10)',
    )
    .option(
      '--dp-epsilon <e>',
      'differential privacy per collection: each aggregator adds discrete noise to its share',
    )
    .option('--dp-delta <d>', 'with --dp-epsilon: (epsilon, delta)-DP by discrete Gaussian noise')
    .requiredOption('--leader <url>', 'Leader endpoint, e.g. https://leader.example/leader/')
    .requiredOption('--helper <url>', 'Helper endpoint, e.g. https://helper.example/helper/')
    .requiredOption('--out-dir <dir>', 'where the four task files are written')
    .option('--issuer <url>', 'require a Privacy Pass token per report from this issuer')
    .option('--issuer-key <hex>', "with --issuer: the issuer's Ed25519 public key (default: asked)")
    .option(
      '--token-window <seconds>',
      'with --issuer: one token per organisation per window',
      '3600',
    )
    .option('--json', 'print one JSON object')
    .action(taskNew);
  dap
    .command('submit')
    .description('shard, encrypt and upload measurements to the Leader')
    .requiredOption('--task <file>', 'client.json')
    .option('--measurement <json>', 'one measurement, e.g. 1 or [0,1,0]')
    .option('--measurements <file>', 'JSON lines, one measurement per line')
    .option('--time <unix-seconds>', 'report time (default now), truncated to time_precision')
    .option('--org-key <file>', "your organisation's key: obtains a token per report")
    .option('--json', 'print one JSON object')
    .action(submit);
  dap
    .command('collect')
    .description('collect one batch from the Leader and print the aggregate')
    .requiredOption('--task <file>', 'collector.json')
    .option(
      '--interval <start,duration>',
      'seconds, aligned to time_precision (time_interval tasks)',
    )
    .option('--next', 'the next batch (leader_selected tasks)')
    .option('--timeout <seconds>', 'give up after this long', '120')
    .option('--json', 'print {"aggregate", "report_count", "interval"}')
    .action(collectCmd);
  dap
    .command('migrate')
    .description('create or upgrade the schema of a PostgreSQL aggregator store')
    .requiredOption('--store <url>', 'postgres://USER@HOST/DATABASE (?host=/socket/dir)')
    .option('--json', 'print {"store", "from", "to"}')
    .action(migrateCmd);
  registerDapKeys(dap);
  registerDapHeavyHitters(dap);
}

async function migrateCmd(flags: { store: string; json?: boolean }, cmd: Command): Promise<void> {
  const ctx = contextFor(cmd, flags);
  const r = await migrateStore(flags.store);
  ctx.out.result(r, (v) =>
    v.from === v.to
      ? `${v.store}: schema at version ${v.to}, nothing to do`
      : `${v.store}: schema migrated from version ${v.from} to ${v.to}`,
  );
}
