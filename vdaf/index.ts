// vdaf/: the Prio3 family of draft-irtf-cfrg-vdaf-20. Pure, synchronous, no I/O.
export { DRAFT, VERSION } from './version.js';
