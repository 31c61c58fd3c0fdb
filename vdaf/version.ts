// draft-irtf-cfrg-vdaf-20 §6.2 / §10: the version byte that domain-separates every XOF use.
export const DRAFT = 'draft-irtf-cfrg-vdaf-20';
/** Drafts 18 to 20 are wire-identical; the draft's VERSION constant is 18. */
export const VERSION = 18;
