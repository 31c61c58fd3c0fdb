// Child process of the concurrency test: opens the shared store and registers the secrets it is given.
import { FingerprintStore } from '../../../guard/flow/fingerprint-store.js';

const [dir, session, ...secrets] = process.argv.slice(2);
if (dir === undefined || session === undefined)
  throw new Error('usage: store-worker DIR SESSION SECRET...');
const store = FingerprintStore.open(dir);
for (const s of secrets)
  store.observeResult(session, { tool: 'Read', label: `worker-${process.pid}` }, `TOKEN=${s}`);
store.close();
