// What a front door adds to the engine for flow: the `flow` detector in the registry packs
// compile against, the stage that turns sensitive results into taint, and the built-in flow rules.
import { BUILTIN_DETECTORS } from '../detectors/builtin.js';
import type { Detector } from '../detectors/detector.js';
import { DetectorRegistry } from '../detectors/registry.js';
import type { GuardStage } from '../engine.js';
import { compilePolicy, type Policy } from '../rules/policy.js';
import { BUILTIN_FLOW_POLICY } from './builtin-flow-policy.js';
import { flowDetector, type SourceSelector } from './flow-condition.js';
import { flowStage } from './flow-stage.js';
import type { FlowTracker } from './tracker.js';

export interface FlowWiring {
  tracker: FlowTracker;
  /** Built-in detectors plus `flow`: compile packs against this (packs' loadPacks `detectors`). */
  detectors: DetectorRegistry;
  stage: GuardStage;
  /** The built-in flow rules, compiled (empty when `builtinRules` is false). */
  policies: Policy[];
}

export interface FlowWiringOptions {
  /** False leaves out the built-in flow rules. */
  builtinRules?: boolean;
  /** Detectors that take the place of the built-in ones of the same name (e.g. session_limits). */
  replace?: readonly Detector[];
}

export function wireFlow(tracker: FlowTracker, opts: FlowWiringOptions = {}): FlowWiring {
  const sources: SourceSelector[] = [];
  const replaced = new Map((opts.replace ?? []).map((d) => [d.name, d]));
  const detectors = new DetectorRegistry(
    BUILTIN_DETECTORS.map((d) => replaced.get(d.name) ?? d),
  ).add(flowDetector(tracker, sources));
  const policies =
    opts.builtinRules === false
      ? []
      : [compilePolicy(BUILTIN_FLOW_POLICY, { name: 'builtin:flow', detectors })];
  return { tracker, detectors, stage: flowStage(tracker, sources), policies };
}
