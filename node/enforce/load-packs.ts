// The packs a node's guard runs: builtin:/file packs as given, and `mesh:<pack>@<ring>` as the
// verified subscribed pack with this node's enforcement applied (ring ceiling, shadow window,
// grants, allowlist, local edits under <state>/packs/<pack>.local.json).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  compilePolicy,
  type DetectorRegistry,
  type PolicyDoc,
  type RuleDoc,
} from '../../guard/index.js';
import {
  applyEnforcement,
  compilePack,
  DEFAULT_OPERATOR_POLICY,
  loadPack,
  ruleContentHash,
  type LoadedPack,
  type RuleEnforcement,
} from '../../packs/index.js';
import { ConfigError } from '../errors.js';
import type { NodeConfig } from '../state/config.js';
import {
  firstSeenTimes,
  isSubscriptionSpec,
  parseSubscriptionSpec,
  resolveSubscribedPack,
} from '../subscription/index.js';

export interface NodePack {
  pack: LoadedPack;
  /** Present for community packs: what enforcement did to each rule. */
  standings?: RuleEnforcement[];
}

/** The operator's edited rules for a pack, by id; they replace the community version locally. */
function localEdits(stateRoot: string, pack: string): Map<string, RuleDoc> {
  const file = join(stateRoot, 'packs', `${pack}.local.json`);
  if (!existsSync(file)) return new Map();
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ConfigError('config_invalid', `${file}: ${(e as Error).message}`, undefined, {
      cause: e,
    });
  }
  const rules = (doc as { rules?: unknown }).rules;
  if (!Array.isArray(rules))
    throw new ConfigError('config_invalid', `${file}: expected {"rules": [...]}`);
  return new Map((rules as RuleDoc[]).map((r) => [r.id, r]));
}

export function loadCommunityPack(
  stateRoot: string,
  config: NodeConfig,
  spec: string,
  detectors?: DetectorRegistry,
  now = Date.now(),
): NodePack {
  const s = parseSubscriptionSpec(spec);
  const file = resolveSubscribedPack(stateRoot, spec);
  // Verified through TUF and the log when the subscription accepted it; compiling checks it again.
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { policy: PolicyDoc };
  const published = compilePack(doc, spec, detectors ? { detectors } : {});
  const catalogHashes = Object.fromEntries(doc.policy.rules.map((r) => [r.id, ruleContentHash(r)]));
  const edits = localEdits(stateRoot, s.pack);
  const policyDoc: PolicyDoc = {
    ...doc.policy,
    rules: doc.policy.rules.map((r) => edits.get(r.id) ?? r),
  };
  const firstSeen = Object.fromEntries(
    Object.entries(firstSeenTimes(stateRoot, spec)).map(([id, iso]) => [
      id,
      Math.floor(Date.parse(iso) / 1000),
    ]),
  );
  const enforced = applyEnforcement(
    policyDoc,
    {
      ring: s.ring,
      operator: config.operator ?? DEFAULT_OPERATOR_POLICY,
      firstSeen,
      catalogHashes,
      now: Math.floor(now / 1000),
    },
    ruleContentHash,
  );
  const policy = compilePolicy(enforced.doc, {
    name: `${published.meta.name}@${published.meta.version}`,
    community: true,
    ...(detectors ? { detectors } : {}),
  });
  return { pack: { meta: published.meta, policy }, standings: enforced.standings };
}

/** `config` is read only when a community pack is among `specs` (it opens the state directory). */
export function loadNodePacks(
  stateRoot: string,
  config: () => NodeConfig,
  specs: readonly string[],
  detectors?: DetectorRegistry,
): LoadedPack[] {
  return specs.map((spec) =>
    isSubscriptionSpec(spec)
      ? loadCommunityPack(stateRoot, config(), spec, detectors).pack
      : loadPack(spec, detectors ? { detectors } : {}),
  );
}
