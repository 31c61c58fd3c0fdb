// `mesh doctor` on a mirror served from this node home (`<state>/serve/mirror`): a warning for each
// fail-closed default it started with waived (mirror.noGossip, mirror.allowNoWitness).
import { join } from 'node:path';
import { readOptOuts } from '../serve/opt-outs-record.js';
import type { CheckResult } from './checks.js';

/** No result when no mirror ever started from this node home's default data folder. */
export function checkMirrorOptOuts(stateRoot: string): CheckResult[] {
  const dir = join(stateRoot, 'serve', 'mirror');
  let record;
  try {
    record = readOptOuts(dir);
  } catch (e) {
    const err = e as Error & { hint?: string };
    return [
      {
        name: 'mirror',
        status: 'fail',
        detail: err.message,
        ...(err.hint === undefined ? {} : { hint: err.hint }),
      },
    ];
  }
  if (record === undefined) return [];
  if (record.optOuts.length === 0)
    return [
      {
        name: 'mirror',
        status: 'ok',
        detail: `mirror started ${record.startedAt} with every fail-closed default`,
      },
    ];
  return [
    {
      name: 'mirror',
      status: 'warn',
      detail:
        `mirror started ${record.startedAt} with opt-outs: ` +
        record.optOuts.map((o) => `${o.key} (${o.effect})`).join('; '),
      hint: `remove ${record.optOuts.map((o) => o.key).join(' and ')} from the mirror section of the serve config and restart it`,
    },
  ];
}
