// Coded errors of consensus (docs/consensus.md): the vector, the proposal file, the plan, the apply.
import { MeshError } from '../../common/index.js';

export type ConsensusErrorCode =
  | 'consensus_unsigned'
  | 'consensus_untrusted_key'
  | 'consensus_signature_invalid'
  | 'consensus_invalid'
  | 'consensus_stale'
  | 'consensus_tests_failed'
  | 'consensus_wrong_command'
  | 'consensus_policy_invalid'
  | 'vector_invalid'
  | 'dp_budget_invalid';

export class ConsensusError extends MeshError<ConsensusErrorCode> {
  override readonly name = 'ConsensusError';
}
