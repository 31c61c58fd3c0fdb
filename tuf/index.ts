// tuf/: canonical JSON, metadata, repository operations, the client workflow and ceremonies.
export { SPEC_VERSION } from './version.js';
