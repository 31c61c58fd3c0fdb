// `mesh doctor`: each check states what it saw; nothing is reported as fine that was not tested.
import { accessSync, constants } from 'node:fs';
import { sensorReadiness } from '../../bpf/index.js';
import { openStateDir } from '../state/state-dir.js';
import { checkEgressHosts } from './egress.js';
import { checkGovernance } from './governance.js';
import { checkHookStart } from './hook.js';
import { checkMirrorOptOuts } from './mirror.js';
import { checkReportingPrivacy } from './reporting-privacy.js';
import { checkCommandStart } from './start.js';
import { checkSubscriptions } from './subscriptions.js';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface CheckResult {
  name: string;
  status: CheckStatus;
  detail: string;
  hint?: string;
}

export interface DoctorInput {
  stateRoot: string;
  nodeVersion?: string;
}

function checkNode(version: string): CheckResult {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const ok = major > 20 || (major === 20 && minor >= 19);
  return ok
    ? { name: 'node', status: 'ok', detail: `Node.js ${version}` }
    : {
        name: 'node',
        status: 'fail',
        detail: `Node.js ${version} is older than 20.19`,
        hint: 'install Node.js 20.19 or newer',
      };
}

function checkState(root: string): CheckResult[] {
  try {
    const dir = openStateDir(root);
    accessSync(dir.root, constants.W_OK);
    return [
      { name: 'state', status: 'ok', detail: `state directory ${dir.root} is writable` },
      {
        name: 'reporting',
        status: 'ok',
        detail: dir.config.reporting.enabled ? 'reporting is ON' : 'reporting is off (default)',
      },
      ...(dir.config.reporting.belowConsentFloor === true
        ? [
            {
              name: 'reporting-floor',
              status: 'warn' as const,
              detail:
                'reporting.belowConsentFloor: this node reports to tasks under the consent batch-size floor',
              hint: 'for demos and tests only; run mesh report init again without --below-consent-floor',
            },
          ]
        : []),
    ];
  } catch (e) {
    const err = e as Error & { hint?: string };
    return [
      {
        name: 'state',
        status: 'fail',
        detail: err.message,
        ...(err.hint ? { hint: err.hint } : {}),
      },
    ];
  }
}

/** Whether `mesh sensor exec` can run here; a warning, since the sensor is optional. */
function checkSensor(): CheckResult {
  const r = sensorReadiness();
  const notes = r.notes.length > 0 ? ` (${r.notes.join('; ')})` : '';
  return r.canRun
    ? { name: 'sensor', status: 'ok', detail: `eBPF sensor can run here${notes}` }
    : {
        name: 'sensor',
        status: 'warn',
        detail: `eBPF sensor cannot run here: ${r.reasons.join('; ')}${notes}`,
        hint: 'run as root on a BTF kernel with cgroup2, then `mesh sensor build`',
      };
}

export function runChecks(input: DoctorInput): CheckResult[] {
  return [
    checkNode(input.nodeVersion ?? process.version),
    ...checkState(input.stateRoot),
    ...checkReportingPrivacy(input.stateRoot),
    ...checkSubscriptions(input.stateRoot),
    ...checkMirrorOptOuts(input.stateRoot),
    checkGovernance(input.stateRoot),
    ...checkEgressHosts(input.stateRoot),
    checkHookStart(),
    checkCommandStart(),
    checkSensor(),
  ];
}
