// packs/: pack format, built-in packs, harness, rings and ceilings, publishing and subscription.
export { PACK_FORMAT } from './version.js';
