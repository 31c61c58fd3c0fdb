// docs/campaigns.md "The forge": `mesh forge` as a service — for a campaign the collector found,
// a candidate rule (from a volunteered or maintainer-supplied canonical form, or a maintainer's
// rule), the harness gate against the canary pack's corpora, and a signed canary proposal.
import { bitsToHex, loadShellParser } from '../../guard/index.js';
import {
  compilePack,
  type CorpusEntry,
  type PublishKeys,
  type PublishRules,
} from '../../packs/index.js';
import { readLedger, type Campaign } from '../campaigns/campaign-ledger.js';
import { currentPack } from '../consensus/index.js';
import {
  candidateFromFile,
  candidateFromForm,
  formOfCampaign,
  type Candidate,
} from './candidate.js';
import { ForgeError } from './errors.js';
import { forgeGate, type ForgeGate, type GateOptions } from './forge-gate.js';
import { packWithCandidate } from './forge-pack.js';
import { writeCanaryProposal, type WrittenProposal } from './forge-proposal.js';
import { readForms } from './read-forms.js';

export interface ForgeInput {
  /** The campaign's fingerprint: bits (characters 0 and 1) or hex. */
  campaign: string;
  ledgerPath: string;
  /** Volunteered or maintainer-supplied canonical forms (one must have the fingerprint). */
  forms?: string;
  /** A maintainer's candidate rule with its tests, instead of a form. */
  rule?: string;
  pack: string;
  repoDir: string;
  keys: PublishKeys;
  rules: PublishRules;
  corpus: readonly CorpusEntry[];
  gate: GateOptions;
  out?: string;
}

export interface ForgeResult {
  campaign: { fingerprint: string; hex: string; orgs: number; first_seen: number };
  candidate: { id: string; source: Candidate['source']; verdict: string };
  gate: ForgeGate;
  pack: { name: string; version: string; sha256: string };
  proposal: WrittenProposal;
}

function findCampaign(path: string, fp: string): Campaign {
  const ledger = readLedger(path, 0);
  const want = fp.toLowerCase();
  const c = Object.values(ledger.campaigns).find(
    (x) => x.bits === fp || bitsToHex(x.bits) === want,
  );
  if (c === undefined)
    throw new ForgeError('forge_no_campaign', `${path} has no campaign ${fp}`, {
      hint: 'mesh campaigns list shows the campaigns the collector found',
    });
  return c;
}

/**
 * @throws {ForgeError} forge_no_campaign, forge_form_invalid, forge_form_mismatch,
 * forge_unrealizable, forge_candidate_invalid, forge_gate_failed (nothing is written then)
 * @throws {PackError} from staging the proposal (publish_invalid, pack_version_lower)
 * @example
 * const r = await forge({ campaign: '0110…', ledgerPath, forms: 'forms.json', pack: 'coding-agent',
 *   repoDir, keys: new PublishKeys(keysDir), rules, corpus, gate: { stressRuns: 5, stressGateMs: 500 } });
 * // then: mesh publish --apply r.proposal.file --repo repoDir --keys keysDir
 */
export async function forge(input: ForgeInput): Promise<ForgeResult> {
  const c = findCampaign(input.ledgerPath, input.campaign);
  const orgs = Math.max(...Object.values(c.windows));
  let candidate: Candidate;
  if (input.rule !== undefined) candidate = candidateFromFile(input.rule);
  else if (input.forms !== undefined) {
    const parser = await loadShellParser();
    candidate = candidateFromForm(
      parser,
      formOfCampaign(readForms(input.forms), c.bits),
      c.bits,
      orgs,
    );
  } else
    throw new ForgeError('forge_candidate_invalid', 'no candidate: give forms or a rule', {
      hint: 'give --forms FILE (mesh campaigns explain --json output) or --rule FILE',
    });
  const current = currentPack(input.repoDir, input.pack, 'canary');
  if (current === undefined)
    throw new ForgeError(
      'forge_candidate_invalid',
      `${input.repoDir} serves no canary pack ${input.pack}`,
      {
        hint: 'publish the pack to canary first (mesh publish PACK --ring canary)',
      },
    );
  const base = compilePack(JSON.parse(new TextDecoder().decode(current.bytes)), current.path);
  const next = packWithCandidate(current.bytes, candidate);
  const gate = await forgeGate(base, next.pack, candidate.rule.id, input.corpus, input.gate);
  if (!gate.ok)
    throw new ForgeError(
      'forge_gate_failed',
      `candidate ${candidate.rule.id} fails the harness gate: ${gate.failures.join('; ')}` +
        (gate.false_positives.length > 0
          ? ` (benign: ${gate.false_positives.slice(0, 10).join(', ')})`
          : ''),
      { hint: 'nothing was written; give a form or a --rule that benign calls do not share' },
    );
  const proposal = writeCanaryProposal(
    input.repoDir,
    input.keys,
    input.rules,
    input.pack,
    next.bytes,
    input.out,
  );
  return {
    campaign: { fingerprint: c.bits, hex: bitsToHex(c.bits), orgs, first_seen: c.first_seen },
    candidate: { id: candidate.rule.id, source: candidate.source, verdict: candidate.rule.verdict },
    gate,
    pack: { name: input.pack, version: next.pack.meta.version, sha256: proposal.sha256 },
    proposal,
  };
}
