// draft-irtf-cfrg-vdaf-20 §6.2.3: domain separation tags, VERSION || class || algorithm || usage.
import { VERSION } from '../version.js';

/** format_dst(algo_class, algo, usage): 8 bytes, big-endian fields. */
export function formatDst(algoClass: number, algo: number, usage: number): Uint8Array {
  const out = new Uint8Array(8);
  const view = new DataView(out.buffer);
  view.setUint8(0, VERSION);
  view.setUint8(1, algoClass);
  view.setUint32(2, algo);
  view.setUint16(6, usage);
  return out;
}
