// A subscription's durable state (docs/architecture.md "Subscribe"): trust settings, the last good pack, the
// last accepted checkpoint, first-seen times per rule (the shadow window) and the last outcome.
// One JSON file per subscription, replaced atomically; schema-versioned.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { StateError } from '../errors.js';
import { writeFileAtomic } from '../../common/index.js';
import { readStateJson } from '../state/read-state-json.js';
import { checkStateShape, isStateObject } from './state-shape.js';

export const SUBSCRIPTION_SCHEMA = 1;

export interface SubscriptionTrust {
  mirror: string;
  logKeys: string[];
  witnesses: string[];
  quorum: number;
  gossip: string[];
  /** The operator accepted packs without the governance witness quorum (`--allow-no-witness`). */
  allowNoWitness?: boolean;
  /** The operator turned gossip off (`--no-gossip`): split views go unnoticed. */
  noGossip?: boolean;
}

export interface GoodPack {
  file: string;
  sha256: string;
  packVersion: string;
  role: string;
  roleVersion: number;
  acceptedAt: string;
}

export interface SubscriptionState {
  schema: number;
  id: string;
  trust: SubscriptionTrust;
  good?: GoodPack;
  /** The verified DAP client task of this pack (tasks/<pack>/client.json), when published. */
  task?: { file: string; sha256: string };
  /** The last signed checkpoint this node accepted. */
  checkpoint?: string;
  /** ISO time each rule id was first seen in a verified pack: the shadow window starts here. */
  firstSeen: Record<string, string>;
  status: 'never' | 'ok' | 'failed';
  lastAttempt?: string;
  lastError?: { code: string; message: string; at: string };
}

export const subscriptionsDir = (stateRoot: string): string => join(stateRoot, 'subscriptions');
export const subscriptionDir = (stateRoot: string, id: string): string =>
  join(subscriptionsDir(stateRoot), id);
const stateFile = (dir: string): string => join(dir, 'state.json');

export function readSubscription(dir: string): SubscriptionState | undefined {
  const file = stateFile(dir);
  if (!existsSync(file)) return undefined;
  const doc = readStateJson(file);
  if (!isStateObject(doc)) throw new StateError('state_invalid', `${file}: not a JSON object`);
  const schema = doc.schema;
  if (typeof schema !== 'number' || !Number.isSafeInteger(schema) || schema < 1)
    throw new StateError('state_invalid', `${file}: missing schema`);
  if (schema > SUBSCRIPTION_SCHEMA)
    throw new StateError(
      'state_schema_newer',
      `${file}: subscription schema ${schema} is newer than this mesh understands`,
      'upgrade interlock-mesh',
    );
  return checkStateShape(doc, file);
}

export function writeSubscription(dir: string, s: SubscriptionState): void {
  writeFileAtomic(stateFile(dir), JSON.stringify(s, null, 1) + '\n', { mode: 0o600 });
}
