// The governance policy format handed by node/ to tuf/ and packs/.
export const GOVERNANCE_FORMAT = 1;
