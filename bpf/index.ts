// bpf/: the eBPF sensor, its loader and the TypeScript supervisor. It reports; guard/ decides.
export { LOADER_PROTOCOL } from './version.js';
