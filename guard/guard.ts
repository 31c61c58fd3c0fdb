// docs/architecture.md "Library surface": createGuard(options) returning { decide(event) }.
import type { Decision, Evaluation } from './decision.js';
import { DEFAULT_EVENT_LIMITS, type EventLimits } from './event.js';
import { evaluateEvent, type EngineParts, type GuardStage, type ShellSource } from './engine.js';
import type { Policy } from './rules/policy.js';
import { SessionTable } from './session.js';
import { DEFAULT_SHELL_LIMITS, type ShellLimits } from './shell/model.js';
import { loadShellParser, type ShellParser } from './shell/parser.js';
import { operatorHosts } from './egress/hosts.js';
import type { ShellDefinitions } from './shell/session-definitions.js';
import { runPolicyTests, type PolicyTestFailure } from './rules/policy-tests.js';

/** Where each decision's receipt goes (see receipts/); called after the decision is made. */
export interface ReceiptSink {
  append(evaluation: Evaluation, event: unknown): unknown;
}

export interface GuardOptions {
  /** Compiled policies (compilePolicy); a pack compiles into one. */
  policies: readonly Policy[];
  /** Extra evaluators whose hits compete under the same precedence (flow/taint, approvals). */
  stages?: readonly GuardStage[];
  receipts?: ReceiptSink;
  eventLimits?: Partial<EventLimits>;
  shellLimits?: Partial<ShellLimits>;
  now?: () => number;
  /**
   * Hosts the operator adds to every host policy (`outbound` and `egress` detectors): names, IP
   * addresses or `*.domain` wildcards. Cloud metadata endpoints stay refused whatever it lists.
   * @throws {GuardError} policy_invalid from createGuard when an entry is not a host (hostEntryProblem)
   */
  egressHosts?: readonly string[];
  /**
   * Where shell functions and aliases a session defined are kept for its later calls; absent: in
   * this guard (FingerprintStore.definitions() keeps them for one-process-per-call hooks).
   */
  definitions?: ShellDefinitions;
}

export interface ReloadResult {
  ok: boolean;
  failures: PolicyTestFailure[];
}

export interface Guard {
  /** One decision for one event; never throws for a bad event (that escalates). */
  decide(event: unknown): Promise<Decision>;
  /** The decision with every hit and the time it took (receipts, harness, reporting). */
  evaluate(event: unknown): Promise<Evaluation>;
  /**
   * Swaps in new policies after running their own tests against them; on any failure the last good
   * policies stay in force and the failures are returned.
   */
  reload(policies: readonly Policy[]): Promise<ReloadResult>;
  policies(): readonly Policy[];
}

/**
 * The guard: decides each agent tool event (allow, block, modify, escalate) against compiled
 * policies and the extra stages (flow tracking, detectors), appending a receipt per decision when
 * `receipts` is given. A malformed event is not an error: it escalates.
 *
 * @throws {GuardError} from decide and evaluate only: shell_unavailable (the shell parser cannot
 * load), and what the receipt sink throws (receipt_store_invalid from ReceiptStore)
 * @example
 * const guard = createGuard({ policies: [compilePolicy(doc, { name: 'local' })] });
 * const d = await guard.decide({ phase: 'call', tool: 'Bash', args: { command: 'rm -rf /' } });
 * if (d.verdict === 'block') console.error(d.reason);
 */
export function createGuard(options: GuardOptions): Guard {
  let parser: ShellParser | undefined;
  // Loaded on the first event that needs shell analysis, not on construction: most hook calls
  // (Read, Write, MCP tools) never parse a shell command.
  const shell: ShellSource = {
    current: () => parser,
    load: async () => (parser ??= await loadShellParser()),
  };
  const sessions = new SessionTable();
  const eventLimits = { ...DEFAULT_EVENT_LIMITS, ...options.eventLimits };
  const shellLimits = { ...DEFAULT_SHELL_LIMITS, ...options.shellLimits };
  const now = options.now ?? Date.now;
  const egressHosts = operatorHosts(options.egressHosts ?? []);
  let current: readonly Policy[] = options.policies;

  const partsFor = (policies: readonly Policy[], table: SessionTable): EngineParts => ({
    policies,
    stages: options.stages ?? [],
    shell,
    sessions: table,
    eventLimits,
    shellLimits,
    now,
    ...(egressHosts.length > 0 ? { egressHosts } : {}),
    ...(options.definitions === undefined ? {} : { definitions: options.definitions }),
  });

  // the parts of the policies in force, made when they change rather than for every decision
  let currentParts = partsFor(current, sessions);

  const evaluate = async (event: unknown): Promise<Evaluation> => {
    const ev = await evaluateEvent(event, currentParts);
    if (options.receipts !== undefined) await options.receipts.append(ev, event);
    return ev;
  };

  return {
    evaluate,
    async decide(event) {
      return (await evaluate(event)).decision;
    },
    async reload(policies) {
      const failures = await runPolicyTests(policies, async (e) =>
        evaluateEvent(e, partsFor(policies, new SessionTable())),
      );
      if (failures.length === 0) {
        current = policies;
        currentParts = partsFor(current, sessions);
      }
      return { ok: failures.length === 0, failures };
    },
    policies: () => current,
  };
}
