// The DAP client task a node reports with must have come through TUF (docs/architecture.md "Report"): it is
// the verified `tasks/<pack>/client.json` target its subscription accepted, never a local file,
// so nobody can point a node's shares at other servers by editing a mirror or a path.
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { readTaskFile, type ClientTaskFile } from '../../dap/index.js';
import { StateError } from '../errors.js';
import { refuseBelowBatchFloor } from './batch-floor.js';
import { parseSubscriptionSpec, readSubscription, subscriptionDir } from '../subscription/index.js';

/**
 * The verified client task of a subscription; refused under the consent floor unless the operator
 * opted out (`belowConsentFloor`).
 */
export function subscribedTask(
  stateRoot: string,
  spec: string,
  belowConsentFloor = false,
): { file: string; task: ClientTaskFile } {
  const s = parseSubscriptionSpec(spec);
  const state = readSubscription(subscriptionDir(stateRoot, s.id));
  const task = state?.task;
  if (task === undefined || !existsSync(task.file)) {
    throw new StateError(
      'state_invalid',
      `${spec} has no verified DAP task (tasks/${s.pack}/client.json) yet`,
      `the maintainers publish it with \`mesh publish --task client.json --name ${s.pack}\`; then run \`mesh subscribe ${spec}\``,
    );
  }
  if (createHash('sha256').update(readFileSync(task.file)).digest('hex') !== task.sha256) {
    throw new StateError(
      'state_invalid',
      `${task.file} no longer matches the verified task`,
      `run: mesh subscribe ${spec}`,
    );
  }
  const file = readTaskFile(task.file, 'client');
  refuseBelowBatchFloor(file, belowConsentFloor);
  return { file: task.file, task: file };
}
