// The shape of a subscription's state.json (node/subscription/state.ts), checked field by field on
// read: the file is ours, but a disk, an editor or an older build may have left anything in it.
import { StateError } from '../errors.js';
import type { SubscriptionState } from './state.js';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class Shape {
  constructor(private readonly file: string) {}
  fail(what: string): never {
    throw new StateError(
      'state_invalid',
      `${this.file}: ${what}`,
      'remove the subscription folder and subscribe again',
    );
  }
  obj(v: unknown, where: string): Obj {
    return isObj(v) ? v : this.fail(`${where} is not an object`);
  }
  str(o: Obj, k: string, where: string, optional = false): void {
    if (optional && o[k] === undefined) return;
    if (typeof o[k] !== 'string') this.fail(`${where}.${k} is not a string`);
  }
  strs(o: Obj, k: string, where: string): void {
    const v = o[k];
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
      this.fail(`${where}.${k} is not a list of strings`);
  }
  int(o: Obj, k: string, where: string, min: number): void {
    const v = o[k];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min)
      this.fail(`${where}.${k} is not an integer >= ${min}`);
  }
  bool(o: Obj, k: string, where: string): void {
    if (o[k] !== undefined && typeof o[k] !== 'boolean')
      this.fail(`${where}.${k} is not a boolean`);
  }
}

/**
 * this value is attacker-controlled in the weak sense of "anything on disk": the parsed JSON of a
 * state file whose schema is already known to be ours.
 *
 * @throws {StateError} `state_invalid` naming the first bad field
 */
export function checkStateShape(doc: Obj, file: string): SubscriptionState {
  const s = new Shape(file);
  s.str(doc, 'id', 'state');
  const trust = s.obj(doc.trust, 'trust');
  s.str(trust, 'mirror', 'trust');
  s.strs(trust, 'logKeys', 'trust');
  s.strs(trust, 'witnesses', 'trust');
  s.int(trust, 'quorum', 'trust', 0);
  s.strs(trust, 'gossip', 'trust');
  s.bool(trust, 'allowNoWitness', 'trust');
  s.bool(trust, 'noGossip', 'trust');
  if (doc.good !== undefined) {
    const g = s.obj(doc.good, 'good');
    for (const k of ['file', 'sha256', 'packVersion', 'role', 'acceptedAt']) s.str(g, k, 'good');
    s.int(g, 'roleVersion', 'good', 1);
  }
  if (doc.task !== undefined) {
    const t = s.obj(doc.task, 'task');
    s.str(t, 'file', 'task');
    s.str(t, 'sha256', 'task');
  }
  s.str(doc, 'checkpoint', 'state', true);
  const seen = s.obj(doc.firstSeen, 'firstSeen');
  for (const k of Object.keys(seen)) s.str(seen, k, 'firstSeen');
  if (doc.status !== 'never' && doc.status !== 'ok' && doc.status !== 'failed')
    s.fail('status is not never, ok or failed');
  s.str(doc, 'lastAttempt', 'state', true);
  if (doc.lastError !== undefined) {
    const e = s.obj(doc.lastError, 'lastError');
    for (const k of ['code', 'message', 'at']) s.str(e, k, 'lastError');
  }
  return doc as unknown as SubscriptionState;
}

export const isStateObject = isObj;
