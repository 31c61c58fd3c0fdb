// A scheduler that refreshes periodically and hot-reloads the guard: the guard of a
// long-running front door (the MCP proxy), built so its packs can be compiled again and swapped in
// while it runs. Flow wiring (detector, taint stage) is kept across reloads so taint survives; a
// compile error or a failing policy test keeps the last good policy in force.
import {
  BUILTIN_MCP_POLICY,
  compilePolicy,
  createGuard,
  FLOW_DETECTOR,
  wireFlow,
  type FlowTracker,
  type Guard,
  type Policy,
  type PolicyTestFailure,
  type ReceiptSink,
} from '../../guard/index.js';
import type { NodeConfig } from '../state/config.js';
import { nodeBasePolicies } from '../guard/base-policies.js';
import { loadNodePacks } from './load-packs.js';
import { configEgressHosts } from '../guard/egress-config.js';

export interface ReloadableGuardOptions {
  stateRoot: string;
  /** Read again at every reload, so operator changes (grants, shadow window) apply too. */
  config: () => NodeConfig;
  specs: readonly string[];
  tracker: FlowTracker;
  /** Load builtin:flow (the built-in flow rules). */
  flowRules: boolean;
  /** Load builtin:mcp (rules for the server's sampling and elicitation requests). */
  mcpRules: boolean;
  receipts?: ReceiptSink;
  log: (line: string) => void;
}

export type ReloadOutcome =
  { ok: true; policies: string[] } | { ok: false; error?: string; failures: PolicyTestFailure[] };

export interface ReloadableGuard {
  guard: Guard;
  /** Compiles the packs again and swaps them in; on any failure the last good policy stays. */
  reload(why: string): Promise<ReloadOutcome>;
}

export function openReloadableGuard(opts: ReloadableGuardOptions): ReloadableGuard {
  const flow = wireFlow(opts.tracker, { builtinRules: opts.flowRules });
  const builtins = [
    ...nodeBasePolicies(opts.stateRoot, flow.detectors),
    ...(opts.mcpRules
      ? [compilePolicy(BUILTIN_MCP_POLICY, { name: 'builtin:mcp', detectors: flow.detectors })]
      : []),
  ];
  // Compiling a flow rule registers its source selector with the flow stage; the packs' selectors
  // are kept apart from the built-ins' so a reload replaces them instead of piling them up.
  const sources = (flow.detectors.get(FLOW_DETECTOR) as { sources?: unknown[] } | undefined)
    ?.sources;
  const builtinSources = sources?.length ?? 0;
  const compile = (): Policy[] => {
    const before = sources?.length ?? 0;
    try {
      const packs = loadNodePacks(opts.stateRoot, opts.config, opts.specs, flow.detectors);
      return [...flow.policies, ...builtins, ...packs.map((p) => p.policy)];
    } catch (e) {
      sources?.splice(before);
      throw e;
    }
  };
  const settle = (ok: boolean, before: number): void => {
    if (ok) sources?.splice(builtinSources, before - builtinSources);
    else sources?.splice(before);
  };
  const guard = createGuard({
    policies: compile(),
    stages: [flow.stage],
    egressHosts: configEgressHosts(opts.config()),
    ...(opts.receipts ? { receipts: opts.receipts } : {}),
  });
  let chain = Promise.resolve<unknown>(undefined);
  const reloadNow = async (why: string): Promise<ReloadOutcome> => {
    const before = sources?.length ?? 0;
    let next: Policy[];
    try {
      next = compile();
    } catch (e) {
      const error = (e as Error).message;
      opts.log(`mesh guard: reload (${why}) failed, keeping the last good policy: ${error}`);
      return { ok: false, error, failures: [] };
    }
    const r = await guard.reload(next);
    settle(r.ok, before);
    if (!r.ok) {
      const first = r.failures
        .slice(0, 3)
        .map((f) => `${f.policy} ${f.test}: expected ${f.expected}, got ${f.got}`)
        .join('; ');
      opts.log(
        `mesh guard: reload (${why}) failed ${r.failures.length} policy test(s), keeping the last good policy: ${first}`,
      );
      return { ok: false, failures: r.failures };
    }
    const names = next.map((p) => p.name);
    opts.log(`mesh guard: reloaded (${why}): ${names.join(', ')}`);
    return { ok: true, policies: names };
  };
  return {
    guard,
    // One reload at a time, in the order asked: a later one always sees the newest packs.
    reload(why) {
      const run = chain.then(() => reloadNow(why));
      chain = run.catch(() => undefined);
      return run;
    },
  };
}
