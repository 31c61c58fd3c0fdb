// Real `mesh serve` child processes for tests: the same helper `mesh demo` uses.
export {
  startMeshService as startServe,
  type MeshService as ServeProcess,
} from '../../node/demo/children.js';
