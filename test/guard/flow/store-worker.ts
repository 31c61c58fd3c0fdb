// Child process of the concurrency tests: opens the shared store and registers the secrets it is
// given, in one session, or (MESH_TEST_SESSION_EACH=1) one session per secret, under the session
// bound MESH_TEST_MAX_SESSIONS when set.
import { FingerprintStore } from '../../../guard/flow/fingerprint-store.js';
import { DEFAULT_FLOW_LIMITS } from '../../../guard/flow/flow-limits.js';

const [dir, session, ...secrets] = process.argv.slice(2);
if (dir === undefined || session === undefined)
  throw new Error('usage: store-worker DIR SESSION SECRET...');
const maxSessions = Number(process.env.MESH_TEST_MAX_SESSIONS ?? DEFAULT_FLOW_LIMITS.maxSessions);
const store = FingerprintStore.open(dir, { ...DEFAULT_FLOW_LIMITS, maxSessions });
secrets.forEach((s, i) => {
  const scope = process.env.MESH_TEST_SESSION_EACH === '1' ? `${session}-${i}` : session;
  store.observeResult(scope, { tool: 'Read', label: `worker-${process.pid}` }, `TOKEN=${s}`);
});
store.close();
