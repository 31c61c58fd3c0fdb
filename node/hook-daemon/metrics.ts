// The hook daemon's own metrics (docs/console.md "Metrics"): hook latency by door, hook
// answers by door and outcome, and the calls waiting in its one-at-a-time queue. Served on its
// control socket (`metrics`), printed by `mesh guard hook-daemon metrics` and added to a console
// role's /metrics. Every label set is closed: the door and the outcome class, nothing a caller chose.
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { HookReply } from './protocol.js';

export const HOOK_DOORS = ['claude-code', 'codex', 'cursor', 'other'] as const;
export const HOOK_OUTCOMES = ['exit_0', 'exit_2', 'failed_closed', 'deadline', 'other'] as const;
export type HookDoorLabel = (typeof HOOK_DOORS)[number];
export type HookOutcomeLabel = (typeof HOOK_OUTCOMES)[number];
/** Latency buckets in seconds: a warm call is tens of milliseconds, the default deadline 20 s. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 60];
export const HOOK_METRIC_NAMES = [
  'mesh_guard_hook_latency_seconds',
  'mesh_guard_hook_answers_total',
  'mesh_guard_hook_queue_depth',
] as const;

/** The door a hook argv names (`... guard hook DOOR ...`), from the closed set. */
export function doorLabel(argv: readonly string[]): HookDoorLabel {
  const door = argv[argv.indexOf('hook') + 1];
  return (HOOK_DOORS as readonly string[]).includes(door ?? '') ? (door as HookDoorLabel) : 'other';
}

/** The class of a reply: its exit code, or that the door failed closed (and why). */
export function outcomeLabel(reply: HookReply): HookOutcomeLabel {
  if (reply.stderr.startsWith('mesh guard: failed closed: no decision within')) return 'deadline';
  if (reply.stderr.startsWith('mesh guard: failed closed')) return 'failed_closed';
  if (reply.exitCode === 0) return 'exit_0';
  return reply.exitCode === 2 ? 'exit_2' : 'other';
}

export class HookDaemonMetrics {
  readonly registry = new Registry();
  private readonly latency = new Histogram({
    name: 'mesh_guard_hook_latency_seconds',
    help: 'Time from a hook request reaching the daemon to its answer, by door',
    labelNames: ['door'],
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly answers = new Counter({
    name: 'mesh_guard_hook_answers_total',
    help: 'Hook calls answered by the daemon, by door and outcome (exit code, or failed closed)',
    labelNames: ['door', 'outcome'],
    registers: [this.registry],
  });
  private readonly depth = new Gauge({
    name: 'mesh_guard_hook_queue_depth',
    help: 'Hook calls in the daemon: the one running and those waiting for it',
    registers: [this.registry],
  });

  constructor() {
    this.depth.set(0);
    for (const door of HOOK_DOORS) this.latency.zero({ door });
  }

  /**
   * A hook request arrived; the returned function records its answer, or null when it ended with
   * none (the connection was closed, which the client takes as a deny).
   */
  started(argv: readonly string[]): (reply: HookReply | null) => void {
    const door = doorLabel(argv);
    const end = this.latency.startTimer({ door });
    this.depth.inc();
    return (reply) => {
      end();
      this.depth.dec();
      this.answers.inc({ door, outcome: reply === null ? 'failed_closed' : outcomeLabel(reply) });
    };
  }
}
