// packs/: pack format, built-in packs, harness, rings and ceilings, publishing and subscription.
export { PACK_FORMAT } from './version.js';
export { PackError, type PackErrorCode } from './errors.js';
export { compilePack, type LoadedPack, type PackMeta } from './pack.js';
export { loadPack, loadPacks, MAX_PACK_BYTES } from './loader.js';
export { BUILTIN_PACKS } from './builtin/index.js';
