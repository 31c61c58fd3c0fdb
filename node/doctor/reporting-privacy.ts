// `mesh doctor` on the task this node reports to (docs/consensus.md "Reporting on a node"): warns when
// its verified client task adds no differential-privacy noise at the aggregators, or requires no
// report tokens (then anyone holding client.json can add reports and weigh on consensus).
import { existsSync } from 'node:fs';
import { readTaskFile } from '../../dap/index.js';
import { openStateDir } from '../state/state-dir.js';
import { parseSubscriptionSpec, readSubscription, subscriptionDir } from '../subscription/index.js';
import type { CheckResult } from './checks.js';

/**
 * The reporting task's privacy settings as checks: `reporting-dp` and `reporting-tokens`.
 *
 * @throws nothing: a state or task that cannot be read is a `fail` result
 * @example checkReportingPrivacy('/var/lib/mesh').map((c) => c.status)
 */
export function checkReportingPrivacy(stateRoot: string): CheckResult[] {
  let reporting;
  try {
    reporting = openStateDir(stateRoot).config.reporting;
  } catch {
    return []; // checkState reports an unreadable state directory
  }
  const { pack, enabled } = reporting;
  if (pack === undefined) return [];
  const on = enabled
    ? 'this node reports to'
    : 'this node is set up to report to (reporting is off)';
  let task;
  try {
    const s = readSubscription(subscriptionDir(stateRoot, parseSubscriptionSpec(pack).id));
    if (s?.task === undefined || !existsSync(s.task.file))
      return [
        {
          name: 'reporting-task',
          status: 'warn',
          detail: `${pack} has no verified DAP task yet`,
          hint: `run: mesh subscribe ${pack}`,
        },
      ];
    task = readTaskFile(s.task.file, 'client');
  } catch (e) {
    return [{ name: 'reporting-task', status: 'fail', detail: (e as Error).message }];
  }
  const dp = task.dp;
  return [
    dp === undefined
      ? {
          name: 'reporting-dp',
          status: 'warn',
          detail: `differential privacy is off for the task ${on} (${pack}): the aggregate counts are exact`,
          hint: 'ask the task’s maintainers for a task with --dp-epsilon (mesh dap task new), or run mesh report disable',
        }
      : {
          name: 'reporting-dp',
          status: 'ok',
          detail: `the aggregators add ${dp.mechanism} noise, epsilon ${dp.epsilon}${dp.delta === undefined ? '' : ` delta ${dp.delta}`} per collection (${pack})`,
        },
    task.issuer === undefined
      ? {
          name: 'reporting-tokens',
          status: 'warn',
          detail: `the task ${on} (${pack}) requires no report tokens: anyone holding its client.json can add reports`,
          hint: 'ask the task’s maintainers for a task with --issuer URL (mesh dap task new)',
        }
      : {
          name: 'reporting-tokens',
          status: 'ok',
          detail: `one token per organisation per ${task.issuer.window_seconds} s window from ${task.issuer.url}`,
        },
  ];
}
