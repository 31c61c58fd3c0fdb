// Consensus, in one place (docs/consensus.md): the report-vector codec, the thresholds, the
// proposals and their signed file, the plan over the packs, the noise margin and privacy budget,
// and applying a proposal to a repository. node/report, the collector role and the CLI use this.
export {
  decodeAggregate,
  decodeReport,
  encodeAggregate,
  encodeReport,
  layoutOf,
  MAX_RULES,
  MAX_TIERS,
  SIGNALS,
  slotOfTier,
  vectorLength,
  type AggregateSignals,
  type ReportSignals,
  type Signal,
  type VectorLayout,
} from './vector.js';
export { DEFAULT_CONSENSUS, parseConsensusPolicy, type ConsensusPolicy } from './policy.js';
export {
  computeProposals,
  type CollectedAggregate,
  type Proposal,
  type ProposalNumbers,
  type RuleStanding,
  type Standing,
} from './proposals.js';
export {
  COUNT_NOTE,
  decodeProposalFile,
  encodeProposalFile,
  looksLikeProposal,
  PROPOSAL_FILE_SCHEMA,
  PROPOSAL_TYPE,
  proposalBody,
  proposalSha256,
  signProposal,
  verifyProposal,
  type ProposalBody,
  type ProposalPrivacy,
  type SignedProposal,
} from './proposal-file.js';
export { noiseMargin, type NoiseModel } from './noise.js';
export { collectionKey, spendDpBudget, type DpBudgetSpent } from './dp-budget.js';
export {
  parsePackDoc,
  planConsensus,
  type ConsensusPlan,
  type RingEdit,
  type RuleChange,
} from './plan.js';
export {
  bumpVersion,
  demoteIn,
  expireIn,
  promoteInto,
  type DemoteTo,
  type PackDoc,
} from './edit-pack.js';
export { currentPack, type CurrentPack } from './current.js';
export { applyConsensus, type ApplyOptions, type ApplyOutcome } from './apply.js';
export { ConsensusError, type ConsensusErrorCode } from './errors.js';
