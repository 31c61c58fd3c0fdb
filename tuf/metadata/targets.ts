// The targets role's "signed" object (TUF 1.0.34 §4.5), top-level and delegated alike.
import type { JsonObject, JsonValue } from '../json.js';
import { unrecognizedFields } from '../json.js';
import { delegationsToJson, parseDelegations, type Delegations } from './delegations.js';
import { asObject } from './fields.js';
import { COMMON_FIELDS, commonToJson, parseCommon, type SignedCommon } from './signed-common.js';
import { parseTargetFile, targetFileToJson, type TargetFile } from './target-file.js';

export interface Targets extends SignedCommon {
  type: 'targets';
  targets: Map<string, TargetFile>;
  delegations?: Delegations;
  unrecognized: JsonObject;
}

/** This value is attacker-controlled. */
export function parseTargets(v: JsonValue): Targets {
  const o = asObject(v, 'targets');
  const targets = new Map<string, TargetFile>();
  for (const [path, t] of Object.entries(asObject(o.targets, 'targets.targets'))) {
    targets.set(path, parseTargetFile(path, asObject(t, path)));
  }
  const t: Targets = {
    ...parseCommon(o, 'targets'),
    type: 'targets',
    targets,
    unrecognized: unrecognizedFields(o, [...COMMON_FIELDS, 'targets', 'delegations']),
  };
  if (o.delegations !== undefined) {
    t.delegations = parseDelegations(asObject(o.delegations, 'delegations'));
  }
  return t;
}

export function targetsToJson(t: Targets): JsonObject {
  const targets: JsonObject = {};
  for (const [path, f] of t.targets) targets[path] = targetFileToJson(f);
  return {
    ...t.unrecognized,
    ...commonToJson(t),
    targets,
    ...(t.delegations !== undefined ? { delegations: delegationsToJson(t.delegations) } : {}),
  };
}
