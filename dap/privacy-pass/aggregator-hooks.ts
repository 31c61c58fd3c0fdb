// Where the Leader's upload (DAP-18 §4.4.2) and the Helper's initialization (§4.5.1.2) check tokens:
// both aggregators verify every report's token and spend it in the batch that accepts the report.
import { DapProblem } from '../problem.js';
import type { ReportMetadata } from '../messages/index.js';
import type { KvOp, KvStore } from '../storage/kv.js';
import type { Task } from '../task/task.js';
import { REPORT_TOKEN_EXTENSION } from './report-token.js';
import { spendTokens } from './spent.js';
import { cacheFor, checkReportToken, type TokenCheck } from './verify.js';

export type AcceptedToken = Extract<TokenCheck, { ok: true }>;

/** Report extension types this task accepts (only the token extension, and only when it needs one). */
export const acceptedReportExtensions = (task: Task): number[] =>
  task.tokens === undefined ? [] : [REPORT_TOKEN_EXTENSION];

/** Pure check of one report's token; undefined when the task needs no tokens. */
export function tokenCheck(task: Task, md: ReportMetadata): TokenCheck | undefined {
  const p = task.tokens;
  if (p === undefined) return undefined;
  return checkReportToken(p, cacheFor(p), task.id, task.params.time_precision, md);
}

/**
 * Leader, before its writer lock: every report of the upload must carry a valid token, else the whole
 * upload is refused with a problem document and nothing is stored. An honest retry re-sends bytes
 * that passed this check before, so it is never refused here.
 * @throws DapProblem invalidExtension naming the refusal code.
 */
export function requireUploadTokens(task: Task, mds: readonly ReportMetadata[]): AcceptedToken[] {
  if (task.tokens === undefined) return [];
  return mds.map((md) => {
    const c = tokenCheck(task, md);
    if (c === undefined || !c.ok)
      throw new DapProblem(
        'invalidExtension',
        `report token refused: ${c?.ok === false ? c.code : 'token_missing'}`,
        task.id,
      );
    return c;
  });
}

/**
 * Under the writer lock: spends the tokens of the reports about to be accepted; returns the ops to
 * write in the same batch. A spent token (or a second key for one window) refuses the whole upload.
 * @throws DapProblem invalidExtension token_spent | token_key_inconsistent.
 */
export async function spendUploadTokens(
  store: KvStore,
  task: Task,
  accepted: readonly (AcceptedToken | undefined)[],
): Promise<KvOp[]> {
  if (task.tokens === undefined) return [];
  const { refusals, ops } = await spendTokens(store, task, accepted);
  const bad = refusals.find((r) => r !== undefined);
  if (bad !== undefined)
    throw new DapProblem('invalidExtension', `report token refused: ${bad.code}`, task.id);
  return ops;
}
