// Coded errors of the forge (docs/campaigns.md "The forge"): every refused candidate says why.
import { MeshError } from '../../common/index.js';

export type ForgeErrorCode =
  | 'forge_no_campaign'
  | 'forge_form_invalid'
  | 'forge_form_mismatch'
  | 'forge_unrealizable'
  | 'forge_candidate_invalid'
  | 'forge_gate_failed';

export class ForgeError extends MeshError<ForgeErrorCode> {
  override readonly name = 'ForgeError';
}
