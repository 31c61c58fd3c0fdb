// docs/campaigns.md "Similarity guard": the `campaign` detector — a call matches when the
// fingerprint of its canonical form (under any outcome) is one of the live campaigns' fingerprints
// that the rule's params carry (a campaigns pack). The event is attacker-controlled; only its
// canonical form is hashed, and the finding names the campaign, never a value of the call.
import type { Detector, DetectorContext, Finding } from '../detectors/detector.js';
import { checkKeys } from '../detectors/params.js';
import { RuleError } from '../errors.js';
import { canonicalForm, type FingerprintOutcome } from '../fingerprint/canonical-form.js';
import { bitsToHex, fingerprintOf } from '../fingerprint/fingerprint.js';
import type { GuardEvent } from '../event.js';

export const CAMPAIGN_DETECTOR = 'campaign';

/** Bounds of one rule's params: fingerprints of at most 256 bits, at most 4,096 of them. */
export const MAX_CAMPAIGN_FINGERPRINTS = 4096;

export interface CampaignParams {
  bits: number;
  fingerprints: ReadonlySet<string>;
}

const OUTCOMES: readonly FingerprintOutcome[] = ['block', 'escalate', 'near-miss'];

/**
 * The fingerprint (first bit first) the call's canonical form has under some outcome that `p`
 * lists, or undefined.
 */
export function matchingFingerprint(
  event: GuardEvent,
  ctx: Pick<DetectorContext, 'shell'>,
  p: CampaignParams,
): string | undefined {
  const command = event.args.command;
  const shell = typeof command === 'string' ? ctx.shell(command).analysis : undefined;
  for (const outcome of OUTCOMES) {
    const fp = fingerprintOf(canonicalForm(event, outcome, shell), p.bits).bits;
    if (p.fingerprints.has(fp)) return fp;
  }
  return undefined;
}

function parseParams(params: Parameters<Detector['parseParams']>[0], path: string): CampaignParams {
  const p = checkKeys(params, ['bits', 'fingerprints'], path);
  const bits = p.bits;
  if (typeof bits !== 'number' || !Number.isInteger(bits) || bits < 1 || bits > 256)
    throw new RuleError(null, 'must be an integer 1..256', `${path}.bits`);
  const list = p.fingerprints;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_CAMPAIGN_FINGERPRINTS)
    throw new RuleError(
      null,
      `must list 1 to ${MAX_CAMPAIGN_FINGERPRINTS} fingerprints`,
      `${path}.fingerprints`,
    );
  const re = new RegExp(`^[01]{${bits}}$`);
  list.forEach((f, i) => {
    if (typeof f !== 'string' || !re.test(f))
      throw new RuleError(
        null,
        `must be a string of ${bits} characters 0 and 1`,
        `${path}.fingerprints[${i}]`,
      );
  });
  return { bits, fingerprints: new Set(list as string[]) };
}

/**
 * `{"detector": "campaign", "params": {"bits": 32, "fingerprints": ["0110…"]}}`.
 *
 * @example
 * const registry = builtinDetectors(); // includes campaignDetector
 * compilePolicy({ format: 1, rules: [{ id: 'campaign.live', verdict: 'escalate', reason: 'live campaign',
 *   when: { detector: 'campaign', params: { bits: 16, fingerprints: ['0110100110010110'] } } }] });
 */
export const campaignDetector: Detector<CampaignParams> = {
  name: CAMPAIGN_DETECTOR,
  rewrites: () => false,
  parseParams,
  scan(_value, _path, ctx, p): Finding[] {
    if (ctx.event.phase !== 'call') return [];
    const fp = matchingFingerprint(ctx.event, ctx, p);
    if (fp === undefined) return [];
    return [{ path: 'args', reason: `the call's shape matches live campaign ${bitsToHex(fp)}` }];
  },
};
