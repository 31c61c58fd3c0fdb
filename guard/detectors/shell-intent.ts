// Detectors over shell intents: `destructive` (deletes, wipes, tampering) and `git` (history, credentials).
import { INTENTS, type Intent } from '../shell/intents.js';
import type { Detector, Finding } from './detector.js';
import { checkKeys, listParam } from './params.js';

function intentDetector(
  name: string,
  defaults: readonly Intent[],
  allowed: readonly Intent[],
): Detector<Set<Intent>> {
  return {
    name,
    rewrites: () => false,
    parseParams(params, path) {
      const p = checkKeys(params, ['intents'], path);
      return new Set((listParam(p, 'intents', path, allowed) ?? defaults) as Intent[]);
    },
    scan(value, path, ctx, want) {
      if (typeof value !== 'string') return [];
      const findings: Finding[] = [];
      for (const h of ctx.shell(value).intents)
        if (want.has(h.intent)) findings.push({ path, reason: `${h.intent}: ${h.detail}` });
      return findings;
    },
  };
}

export const destructiveDetector = intentDetector(
  'destructive',
  ['destructive_delete', 'disk_wipe', 'security_disable', 'resource_exhaustion'],
  INTENTS,
);

export const gitDetector = intentDetector(
  'git',
  ['force_push', 'history_rewrite', 'git_credential'],
  ['force_push', 'history_rewrite', 'git_credential', 'discard_work'],
);
