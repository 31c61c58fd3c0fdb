// `mesh doctor` on the guard's host policy: the hosts config.json adds (`guard.egress.allowHosts`)
// loosen it, so they are a warning naming each host; cloud metadata endpoints stay refused.
import { join } from 'node:path';
import { loadConfig } from '../state/config.js';
import { configEgressHosts } from '../guard/egress-config.js';
import type { CheckResult } from './checks.js';

/** No result when the config cannot be read: the state check reports that. */
export function checkEgressHosts(stateRoot: string): CheckResult[] {
  let hosts: string[];
  try {
    hosts = configEgressHosts(loadConfig(join(stateRoot, 'config.json')));
  } catch {
    return [];
  }
  if (hosts.length === 0)
    return [{ name: 'egress', status: 'ok', detail: "the guard's host policy is the packs' own" }];
  const shown = hosts.slice(0, 8).join(', ') + (hosts.length > 8 ? `, +${hosts.length - 8}` : '');
  return [
    {
      name: 'egress',
      status: 'warn',
      detail: `guard.egress.allowHosts adds ${hosts.length} host(s) to the host policy: ${shown} (cloud metadata endpoints stay refused)`,
      hint: 'data may leave for these hosts without review; remove any you do not own from config.json',
    },
  ];
}
