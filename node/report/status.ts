// `mesh report status`: whether reporting is on, for which pack and aggregators, and every window
// this node has prepared or submitted (docs/architecture.md "Report": one report per window, also across a crash).
import type { NodeConfig } from '../state/config.js';
import { parseSubscriptionSpec } from '../subscription/index.js';
import { ReportLedger, type WindowRecord } from './ledger.js';
import { subscribedTask } from './task-source.js';

export interface ReportStatus {
  enabled: boolean;
  pack: string | null;
  windowSeconds: number | null;
  /** The TUF-verified task's aggregators, or why there is none. */
  task: { leader: string; helper: string } | { error: string } | null;
  windows: WindowRecord[];
  prepared: number;
  submitted: number;
}

export function reportStatus(
  stateRoot: string,
  reporting: NodeConfig['reporting'],
  ledgerDir: (id: string) => string,
): ReportStatus {
  const pack = reporting.pack ?? null;
  let task: ReportStatus['task'] = null;
  let windows: WindowRecord[] = [];
  if (pack !== null) {
    try {
      const t = subscribedTask(stateRoot, pack, reporting.belowConsentFloor === true).task.task;
      task = { leader: t.leader, helper: t.helper };
    } catch (e) {
      task = { error: (e as Error).message };
    }
    windows = new ReportLedger(ledgerDir(parseSubscriptionSpec(pack).id)).list();
  }
  return {
    enabled: reporting.enabled,
    pack,
    windowSeconds: reporting.windowSeconds ?? null,
    task,
    windows,
    prepared: windows.filter((w) => w.state === 'prepared').length,
    submitted: windows.filter((w) => w.state === 'submitted').length,
  };
}

export function reportStatusHuman(s: ReportStatus): string {
  const lines = [
    `reporting is ${s.enabled ? 'ON' : 'OFF'}${s.pack === null ? ' (not set up: mesh report init --pack mesh:<pack>@<ring>)' : ` for ${s.pack}, ${String(s.windowSeconds)} s windows`}`,
  ];
  if (s.task !== null)
    lines.push(
      'error' in s.task
        ? `  no verified DAP task: ${s.task.error}`
        : `  leader ${s.task.leader}\n  helper ${s.task.helper}`,
    );
  lines.push(`  windows: ${s.submitted} submitted, ${s.prepared} prepared and not yet confirmed`);
  for (const w of s.windows)
    lines.push(
      `  ${new Date(Number(w.window) * 1000).toISOString()} ${w.state} report ${w.reportId}`,
    );
  return lines.join('\n');
}
