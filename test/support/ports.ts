// A free TCP port on 127.0.0.1 for suites that start servers: the helper `mesh demo` uses, which
// the node room keeps off its public surface.
export { freePort } from '../../node/demo/ports.js';
