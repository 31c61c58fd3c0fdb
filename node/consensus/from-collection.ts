// A collected DAP batch -> the signed proposal (docs/consensus.md "Collection and proposals"): the
// aggregate read through the vector codec, the noise and the task's budget accounted durably first,
// thresholds applied with the noise margin.
import {
  calibrateDpNoise,
  type Collection,
  type CollectorTaskFile,
  type DpStatement,
  vdafConfigOf,
} from '../../dap/index.js';
import type { Signer } from '../../tuf/index.js';
import { collectionKey, spendDpBudget } from './dp-budget.js';
import { noiseMargin } from './noise.js';
import type { ConsensusPolicy } from './policy.js';
import {
  proposalBody,
  signProposal,
  type ProposalPrivacy,
  type SignedProposal,
} from './proposal-file.js';
import type { Ring } from '../../packs/index.js';
import { computeProposals } from './proposals.js';
import { decodeAggregate, layoutOf } from './vector.js';

export interface ProposalInputs {
  pack: string;
  packSha256: string;
  catalog: readonly string[];
  ring: Ring;
  ringSince: number;
  consensus: ConsensusPolicy;
  /** Where the task's privacy budget is kept (read and written durably). */
  budgetFile: string;
}

function privacyOf(
  task: CollectorTaskFile,
  dp: DpStatement | undefined,
  batch: string,
  inputs: ProposalInputs,
): { privacy: ProposalPrivacy; margin: number } {
  if (dp === undefined || task.dp === undefined)
    return { privacy: { mechanism: 'none' }, margin: 0 };
  const noise = calibrateDpNoise(task.dp, vdafConfigOf(task.task.vdaf));
  const tail = inputs.consensus.noiseTailProbability;
  const margin = noiseMargin({ statement: dp, noise }, tail);
  const budget = spendDpBudget(inputs.budgetFile, task.task_id, dp, batch);
  const opt = (k: string, x: number | undefined) => (x === undefined ? {} : { [k]: String(x) });
  return {
    privacy: {
      mechanism: dp.mechanism,
      epsilon: String(dp.epsilon),
      ...opt('delta', dp.delta),
      sensitivity: dp.sensitivity,
      parameter: dp.parameter,
      noised_by: dp.noisedBy,
      margin,
      tail_probability: String(tail),
      budget: {
        task_id: budget.task_id,
        collections: budget.collections,
        epsilon: String(budget.epsilon),
        ...opt('delta', budget.delta),
        epsilon_per_collection: String(budget.epsilon_per_collection),
        ...opt('delta_per_collection', budget.delta_per_collection),
        composition: budget.composition,
      },
    },
    margin,
  };
}

/**
 * Turns one collection into a signed proposal. The budget is spent (durably) before the proposal
 * exists, so no proposal ever uses numbers the budget does not account for.
 *
 * @throws ConsensusError vector_invalid when the task's vector does not fit the catalog
 * @example proposalFromCollection(task, collection, inputs, signer, new Date())
 */
export function proposalFromCollection(
  task: CollectorTaskFile,
  c: Collection,
  inputs: ProposalInputs,
  signer: Signer,
  now: Date,
): SignedProposal {
  const layout = layoutOf(inputs.catalog, task.task.vdaf.length ?? 0);
  const tp = task.task.time_precision;
  // The Leader speaks in time_precision units; proposals record seconds.
  const interval = { start: c.interval.start * tp, duration: c.interval.duration * tp };
  const batch = collectionKey(c);
  const { privacy, margin } = privacyOf(task, c.dp, batch, inputs);
  const agg = {
    pack: inputs.pack,
    reportCount: c.reportCount,
    signals: decodeAggregate(layout, c.aggregate),
    interval,
  };
  const standings = inputs.catalog.map((id) => ({
    id,
    ring: inputs.ring,
    since: inputs.ringSince,
  }));
  const seconds = Math.floor(now.getTime() / 1000);
  const proposals = computeProposals(standings, agg, inputs.consensus, seconds, margin);
  return signProposal(
    proposalBody(agg, inputs.ring, proposals, now, inputs.packSha256, privacy),
    signer,
  );
}
