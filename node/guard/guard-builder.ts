// docs/guard.md "One guard at every door": the one place that builds a node's guard from a typed
// request: the packs, the base policies (self-protection first), the operator config, the node key,
// receipts and the flow wiring. `mesh guard decide`, the hook (in its own process and in the hook
// daemon) and the MCP proxy all build through here, so no door opens a store with its own defaults.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  createGuard,
  durableSessions,
  memoTaint,
  ReceiptStore,
  ReceiptWriter,
  wireFlow,
  type FlowTracker,
  type Guard,
  type GuardStage,
  type Policy,
  type SessionStore,
  type ShellDefinitions,
  type TaintMemo,
} from '../../guard/index.js';
import type { LoadedPack } from '../../packs/index.js';
import { loadNodePacks } from '../enforce/load-packs.js';
import { UsageError } from '../errors.js';
import type { StateDir } from '../state/state-dir.js';
import { nodeBasePolicies } from './base-policies.js';
import { nodeSigner } from './node-key.js';
import { configEgressHosts } from './egress-config.js';

/** What every door's guard is built from; the CLI flags map one to one onto it. */
export interface GuardRequest {
  /** Pack specs: a file, builtin:<name> or mesh:<pack>@<ring>. At least one. */
  packs: readonly string[];
  /** The receipt store's path; absent: <state>/guard/receipts.db; false: no receipts. */
  receipts?: string | false;
  /** The node key; absent: <state>/keys/node.key, created when missing. */
  nodeKey?: string;
  /** Load builtin:flow (the built-in flow rules). */
  flowRules: boolean;
}

/** The node a guard is built for: its state root and (lazily opened) state directory. */
export interface GuardNode {
  stateRoot: string;
  state: () => StateDir;
}

/** A built guard's parts: compiled policies, stages, receipts, and what closes them. */
export interface GuardParts {
  policies: Policy[];
  stages: GuardStage[];
  packs: LoadedPack[];
  receipts?: ReceiptWriter;
  /** What the flow tracker found in recent calls and results: previews mask it whole. */
  taint: TaintMemo;
  /** Where a session's shell functions and aliases are kept; absent: in the guard's process. */
  definitions?: ShellDefinitions;
  /** Hosts the node config adds to the host policy (`guard.egress.allowHosts`). */
  egressHosts: string[];
  close: () => void;
}

/**
 * The node's receipt store under the request's defaults, or null with `receipts: false`.
 * @throws ConfigError when the node key is missing (an explicit --node-key), too open or not a node key
 * @example const store = openNodeReceipts(node, { receipts: undefined })
 */
export function openNodeReceipts(
  node: GuardNode,
  req: Pick<GuardRequest, 'receipts' | 'nodeKey'>,
): ReceiptStore | null {
  if (req.receipts === false) return null;
  const file = req.receipts ?? node.state().path('guard', 'receipts.db');
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const keyPath = req.nodeKey ?? node.state().path('keys', 'node.key');
  return new ReceiptStore(file, nodeSigner(keyPath, req.nodeKey === undefined));
}

/**
 * Compiles the request's packs against the flow detector of `tracker`, behind the node's base
 * policies and the built-in flow rules, and opens its receipts. With `sessions`, rate, budget and
 * loop limits count in that store (shared by every hook process).
 * @throws UsageError when no pack is given; PackError when a pack does not load
 * @example const parts = buildGuardParts(node, { packs: ['builtin:coding-agent'], flowRules: true }, tracker)
 */
export function buildGuardParts(
  node: GuardNode,
  req: GuardRequest,
  tracker: FlowTracker,
  sessions?: SessionStore,
): GuardParts {
  if (req.packs.length === 0)
    throw new UsageError('give at least one --pack', 'e.g. --pack builtin:coding-agent');
  const shared = sessions ? durableSessions(sessions, Date.now) : undefined;
  const taint = memoTaint(tracker);
  const flow = wireFlow(taint.tracker, {
    builtinRules: req.flowRules,
    ...(shared ? { replace: [shared.detector] } : {}),
  });
  const packs = loadNodePacks(node.stateRoot, () => node.state().config, req.packs, flow.detectors);
  const store = openNodeReceipts(node, req);
  return {
    policies: [
      ...nodeBasePolicies(node.stateRoot, flow.detectors),
      ...flow.policies,
      ...packs.map((p) => p.policy),
    ],
    stages: shared ? [flow.stage, shared.stage] : [flow.stage],
    packs,
    ...(store ? { receipts: new ReceiptWriter(store, { tainted: taint.eventTaint }) } : {}),
    taint,
    // read only when the node has a config: a door without state opens none for it
    egressHosts: existsSync(join(node.stateRoot, 'config.json'))
      ? configEgressHosts(node.state().config)
      : [],
    close: () => store?.close(),
  };
}

/**
 * A fresh guard over `parts`, with its own in-memory session table (as one process per call has).
 * With `writeReceipts: false` the caller appends each receipt itself (a stream ordering its output).
 * @example const guard = guardOf(parts)
 */
export function guardOf(parts: GuardParts, writeReceipts = true): Guard {
  return createGuard({
    policies: parts.policies,
    stages: parts.stages,
    egressHosts: parts.egressHosts,
    ...(parts.definitions ? { definitions: parts.definitions } : {}),
    ...(parts.receipts && writeReceipts ? { receipts: parts.receipts } : {}),
  });
}
