// packs/: pack format, built-in packs, harness, rings and ceilings, publishing and subscription.
export { PACK_FORMAT } from './version.js';
export { PackError, type PackErrorCode } from './errors.js';
export { compilePack, type LoadedPack, type PackMeta } from './pack.js';
export { loadPack, loadPacks, MAX_PACK_BYTES } from './loader.js';
export { BUILTIN_PACKS } from './builtin/index.js';
export { parseCorpus, readCorpus, type CorpusEntry } from './harness/corpus.js';
export {
  runHarness,
  percentile,
  type HarnessReport,
  type HarnessOptions,
  type Rate,
} from './harness/run.js';
export { stressCases, type StressCase } from './harness/stress.js';
export { BAIT, baitVariants } from './harness/induced.js';
