// The sensor's containment as a guard decision: BLOCK with action "killed", reason exfiltration.
import type { Decision } from '../../guard/index.js';
import type { SensorEvent } from '../../bpf/index.js';
import type { TaintHitView } from './matcher.js';

export const SENSOR_RULE = 'sensor.exfiltration';

export interface SensorVerdict {
  type: 'verdict';
  decision: Decision;
  /** Where the bytes went and how they were seen; never the bytes themselves. */
  egress: {
    pid: number;
    start: number;
    comm: string;
    channel: string;
    src: string;
    daddr: string | null;
    dport: number | null;
    bytes: number;
  };
  secret: { label: string; encoding: string; layers: readonly string[] };
  session: string | null;
  containment: { method: string; pids: number };
  ts: string;
}

export function killedVerdict(
  ev: SensorEvent,
  channel: string,
  hit: TaintHitView,
  session: string | null,
  containment: { method: string; pids: number },
): SensorVerdict {
  const how = [...hit.layers, hit.encoding].join(' > ');
  return {
    type: 'verdict',
    decision: {
      verdict: 'block',
      rule: SENSOR_RULE,
      reason: `exfiltration: ${channel} egress of ${ev.comm} carried secret "${hit.source.label}" (${how}); process tree killed`,
      attributed_to: `egress.${channel}`,
      shadow: false,
      action: 'killed',
    },
    egress: {
      pid: ev.pid,
      start: ev.start,
      comm: ev.comm,
      channel,
      src: ev.src,
      daddr: ev.daddr ?? null,
      dport: ev.dport ?? null,
      bytes: ev.total,
    },
    secret: { label: hit.source.label, encoding: hit.encoding, layers: hit.layers },
    session,
    containment,
    ts: new Date().toISOString(),
  };
}
