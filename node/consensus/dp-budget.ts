// The privacy budget a task has spent (docs/consensus.md "Thresholds"): one entry per collected batch,
// kept durably at the collector; by basic composition, k collections of (epsilon, delta) each spend
// (k epsilon, k delta) of an organisation that reported into all of them.
import { existsSync, readFileSync } from 'node:fs';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { canonicalBytes } from '../../common/index.js';
import type { Collection, DpStatement } from '../../dap/index.js';
import { writeFileAtomic } from '../../common/index.js';
import { ConsensusError } from './errors.js';

export const DP_BUDGET_SCHEMA = 1;

export interface DpBudgetSpent {
  task_id: string;
  mechanism: DpStatement['mechanism'];
  epsilon_per_collection: number;
  delta_per_collection?: number;
  collections: number;
  epsilon: number;
  delta?: number;
  composition: 'basic';
}

interface BudgetFile {
  schema: number;
  task_id: string;
  mechanism: DpStatement['mechanism'];
  epsilon: number;
  delta?: number;
  batches: string[];
}

function read(file: string): BudgetFile | undefined {
  if (!existsSync(file)) return undefined;
  let doc: BudgetFile;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8')) as BudgetFile;
  } catch (e) {
    throw new ConsensusError('dp_budget_invalid', `${file}: ${(e as Error).message}`);
  }
  if (doc.schema !== DP_BUDGET_SCHEMA || !Array.isArray(doc.batches))
    throw new ConsensusError('dp_budget_invalid', `${file}: not a budget file of schema 1`);
  return doc;
}

function spent(doc: BudgetFile): DpBudgetSpent {
  const k = doc.batches.length;
  return {
    task_id: doc.task_id,
    mechanism: doc.mechanism,
    epsilon_per_collection: doc.epsilon,
    ...(doc.delta === undefined ? {} : { delta_per_collection: doc.delta }),
    collections: k,
    epsilon: k * doc.epsilon,
    ...(doc.delta === undefined ? {} : { delta: k * doc.delta }),
    composition: 'basic',
  };
}

/**
 * Records one collected batch (idempotent per batch key) durably before its numbers are used, and
 * returns what the task has spent.
 *
 * @throws ConsensusError dp_budget_invalid when the file is unreadable or belongs to other parameters
 */
export function spendDpBudget(
  file: string,
  taskId: string,
  dp: DpStatement,
  batch: string,
): DpBudgetSpent {
  const doc = read(file) ?? {
    schema: DP_BUDGET_SCHEMA,
    task_id: taskId,
    mechanism: dp.mechanism,
    epsilon: dp.epsilon,
    ...(dp.delta === undefined ? {} : { delta: dp.delta }),
    batches: [],
  };
  if (doc.task_id !== taskId || doc.mechanism !== dp.mechanism || doc.epsilon !== dp.epsilon)
    throw new ConsensusError(
      'dp_budget_invalid',
      `${file} accounts for task ${doc.task_id} (${doc.mechanism}, epsilon ${doc.epsilon}), not this one`,
      { hint: 'keep one budget file per task and privacy parameters' },
    );
  if (!doc.batches.includes(batch)) {
    doc.batches.push(batch);
    writeFileAtomic(file, `${JSON.stringify(doc, null, 2)}\n`, { mode: 0o600 });
  }
  return spent(doc);
}

/**
 * Names a collected batch for the budget: a re-collected batch returns the same stored (noised)
 * shares, and two batches of one interval differ in their noise.
 */
export function collectionKey(c: Collection): string {
  const doc = {
    interval: { ...c.interval },
    reports: c.reportCount,
    aggregate: c.aggregate as number[],
  };
  return bytesToHex(sha256(canonicalBytes(doc))).slice(0, 32);
}
