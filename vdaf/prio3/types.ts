// draft-irtf-cfrg-vdaf-20 §7.1-§7.2: the message types of Prio3.
import type { FieldVec } from '../field/field.js';

/** The Aggregators' joint randomness parts, or null when the circuit uses no joint randomness. */
export type Prio3PublicShare = readonly Uint8Array[] | null;

export type Prio3LeaderInputShare = {
  readonly kind: 'leader';
  readonly measShare: FieldVec;
  readonly proofsShare: FieldVec;
  readonly blind: Uint8Array | null;
};

export type Prio3HelperInputShare = {
  readonly kind: 'helper';
  /** The seed from which the helper's measurement and proof shares are expanded. */
  readonly share: Uint8Array;
  readonly blind: Uint8Array | null;
};

export type Prio3InputShare = Prio3LeaderInputShare | Prio3HelperInputShare;

export type Prio3VerifyState = {
  readonly outShare: FieldVec;
  readonly correctedJointRandSeed: Uint8Array | null;
};

export type Prio3VerifierShare = {
  readonly verifiersShare: FieldVec;
  readonly jointRandPart: Uint8Array | null;
};

/** The joint randomness seed the Aggregators agreed on, or null without joint randomness. */
export type Prio3VerifierMessage = Uint8Array | null;

export type Prio3OutShare = FieldVec;
export type Prio3AggShare = FieldVec;

/** Prio3 has no aggregation parameter; it encodes as the empty string. */
export type Prio3AggParam = null;
