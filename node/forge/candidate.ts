// docs/campaigns.md "The forge": a candidate rule for a campaign — from a canonical form that a
// node volunteered (or a maintainer supplied), or a rule a maintainer wrote — with the per-rule
// tests every pack rule carries (match and no_match examples, MIN_RULE_EXAMPLES each).
import { readFileSync, statSync } from 'node:fs';
import {
  bitsToHex,
  CAMPAIGN_DETECTOR,
  fingerprintOf,
  realizeForm,
  type CanonicalForm,
  type RuleDoc,
  type ShellParser,
} from '../../guard/index.js';
import { MAX_PACK_BYTES, MIN_RULE_EXAMPLES, type RuleTests } from '../../packs/index.js';
import { ForgeError } from './errors.js';
import { nearMisses } from './near-misses.js';

export interface Candidate {
  rule: RuleDoc;
  tests: RuleTests;
  source: 'form' | 'maintainer';
}

/** The rule id the forge gives a campaign's candidate. */
export const candidateId = (bits: string): string => `forge.campaign-${bitsToHex(bits)}`;

/** The form among `forms` whose fingerprint at the campaign's width is the campaign's. */
export function formOfCampaign(forms: readonly CanonicalForm[], bits: string): CanonicalForm {
  const form = forms.find((f) => fingerprintOf(f, bits.length).bits === bits);
  if (form === undefined)
    throw new ForgeError(
      'forge_form_mismatch',
      `none of the ${forms.length} form(s) has the fingerprint of campaign ${bitsToHex(bits)}`,
      { hint: 'give the form a node explains for this fingerprint (mesh campaigns explain)' },
    );
  return form;
}

/**
 * A candidate that escalates calls of the campaign's shape: the `campaign` detector over its
 * fingerprint, with match examples made up from the form and near misses as no_match examples.
 *
 * @throws {ForgeError} forge_unrealizable (a form the forge cannot make examples of)
 * @example
 * const c = candidateFromForm(parser, formOfCampaign(forms, bits), bits, 4);
 */
export function candidateFromForm(
  parser: ShellParser,
  form: CanonicalForm,
  bits: string,
  orgs: number,
): Candidate {
  const match = realizeForm(parser, form, MIN_RULE_EXAMPLES);
  const noMatch = nearMisses(parser, form, bits.length, new Set([bits]), MIN_RULE_EXAMPLES);
  if (match.length < MIN_RULE_EXAMPLES || noMatch.length < MIN_RULE_EXAMPLES)
    throw new ForgeError(
      'forge_unrealizable',
      `cannot make up ${MIN_RULE_EXAMPLES} example calls of campaign ${bitsToHex(bits)}'s form`,
      { hint: 'write the rule and its examples yourself and give it with --rule FILE' },
    );
  const hex = bitsToHex(bits);
  return {
    source: 'form',
    rule: {
      id: candidateId(bits),
      description: `calls of the shape of campaign ${hex} (${orgs} organisations)`,
      verdict: 'escalate',
      phase: 'call',
      when: { detector: CAMPAIGN_DETECTOR, params: { bits: bits.length, fingerprints: [bits] } },
      reason: `the call has the shape of campaign ${hex}, seen across organisations`,
    },
    tests: {
      match: match.map((event, i) => ({ name: `campaign shape ${i}`, steps: [event] })),
      no_match: noMatch.map((event, i) => ({ name: `near miss ${i}`, steps: [event] })),
    },
  };
}

/**
 * A maintainer's candidate: `{"rule": RuleDoc, "tests": {"match": [...], "no_match": [...]}}`.
 * The pack it joins validates both (compilePack); here only the outline is checked.
 *
 * @throws {ForgeError} forge_candidate_invalid
 */
export function candidateFromFile(file: string): Candidate {
  const invalid = (why: string, cause?: unknown): ForgeError =>
    new ForgeError('forge_candidate_invalid', `${file}: ${why}`, {
      cause,
      hint: 'a candidate file is {"rule": RULE, "tests": {"match": [...], "no_match": [...]}}',
    });
  let doc: { rule?: unknown; tests?: unknown } | null;
  try {
    if (statSync(file).size > MAX_PACK_BYTES) throw invalid(`larger than ${MAX_PACK_BYTES} bytes`);
    // this value is maintainer-supplied; the pack it joins validates the rule and its tests
    doc = JSON.parse(readFileSync(file, 'utf8')) as { rule?: unknown; tests?: unknown } | null;
  } catch (e) {
    throw e instanceof ForgeError ? e : invalid((e as Error).message, e);
  }
  const rule = doc?.rule as RuleDoc | undefined;
  const tests = doc?.tests;
  if (typeof rule?.id !== 'string' || typeof tests !== 'object' || tests === null)
    throw invalid('expected {"rule": {...}, "tests": {"match": [...], "no_match": [...]}}');
  return { rule, tests: tests as RuleTests, source: 'maintainer' };
}
