// The pack format around a guard policy (name, version, ring, licence, catalog). Format 2 adds
// "rules": each catalog rule's content hash and its own match / no_match tests; format 1 still loads.
export const PACK_FORMAT = 2;
