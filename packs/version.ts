// The pack format around a guard policy (name, version, ring, licence, catalog).
export const PACK_FORMAT = 1;
