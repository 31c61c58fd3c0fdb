// draft-irtf-cfrg-vdaf-20 §8.2: the message types of Poplar1.
import type { FieldVec } from '../field/field.js';
import type { IdpfEvalCache, IdpfHashers, IdpfPublicShare } from '../idpf/idpf-bbcggi21.js';
import type { XofTurboShake128Seeded } from '../xof/turboshake-seeded.js';

/**
 * A Client's string of BITS bits: a bigint below 2^BITS (the first bit is the most significant),
 * or the bits themselves, first bit first.
 */
export type Poplar1Measurement = bigint | readonly boolean[];

/**
 * The aggregation parameter: the level of the IDPF tree (0 to BITS - 1) and the candidate
 * prefixes, each a bigint of level + 1 bits (first bit most significant). is_valid wants them
 * unique and sorted.
 */
export type Poplar1AggParam = {
  readonly level: number;
  readonly prefixes: readonly bigint[];
};

/** The IDPF correction words. */
export type Poplar1PublicShare = IdpfPublicShare;

export type Poplar1InputShare = {
  /** The Aggregator's IDPF key (16 bytes). */
  readonly key: Uint8Array;
  /** The seed of its share of the correlated randomness (32 bytes). */
  readonly corrSeed: Uint8Array;
  /** Its shares of (A, B) for each inner level: 2 * (BITS - 1) Field64 elements. */
  readonly corrInner: FieldVec;
  /** Its shares of (A, B) for the leaf: 2 Field255 elements. */
  readonly corrLeaf: FieldVec;
};

export type Poplar1VerifyState = {
  /** 'evaluate' after verify_init (the sketch), 'reveal' after the first verify_next. */
  readonly step: 'evaluate' | 'reveal';
  readonly level: number;
  readonly aggId: number;
  /** The Aggregator's shares of A and B (one element each), used by the evaluate step. */
  readonly a: FieldVec;
  readonly b: FieldVec;
  /** The output share: one element per candidate prefix, in the level's field. */
  readonly outShare: FieldVec;
};

/** A share of the sketch: 3 elements in round 0, 1 in round 1, in the level's field. */
export type Poplar1VerifierShare = FieldVec;

/** The sketch (round 0), or null once the sketch verified (round 1). */
export type Poplar1VerifierMessage = FieldVec | null;

/** One element per candidate prefix, in Field64 below the leaf and Field255 at it. */
export type Poplar1OutShare = FieldVec;
export type Poplar1AggShare = FieldVec;

/** The count of each candidate prefix. */
export type Poplar1AggResult = number[];

/** verify_next either continues to the next round with a verifier share or finishes. */
export type Poplar1Transition =
  | {
      readonly kind: 'continue';
      readonly state: Poplar1VerifyState;
      readonly verifierShare: Poplar1VerifierShare;
    }
  | { readonly kind: 'finish'; readonly outShare: Poplar1OutShare };

/**
 * Work one Aggregator may keep for one report between the collections of a heavy-hitters walk:
 * the IDPF nodes of the last level it evaluated, and the fixed-key AES of the report's nonce. Pass
 * the same object to every verifyInit of that report (and only that report); it changes no result.
 */
export type Poplar1ReportCache = {
  idpf: IdpfEvalCache;
  hashers: IdpfHashers | undefined;
  /** The inner-level correlation stream, read up to `consumed` elements (3 per level). */
  corr: { xof: XofTurboShake128Seeded; consumed: number; bound: Uint8Array } | undefined;
};
