// `shred -u ./tmp/test-fixture-private-key.pem`: a key file inside the project, in a temporary or
// test folder or named as a test's, is a fixture; shredding it is the careful way to delete it
// (docs/guard.md "Shell analysis"). A key at home, outside the project or named as no fixture
// (`config/master.key`, `certs/server-key.pem`) stays protected.
import { inProject } from './project-paths.js';

/** Folders whose files are temporary or test data. */
const THROWAWAY_DIR =
  /^(?:tmp|temp|\.tmp|test|tests|spec|specs|fixtures?|__fixtures__|testdata|test-data|test_data)$/i;
/** Words of a file name that mark it as a test's own. */
const THROWAWAY_NAME = /(?:^|[-_.])(?:test|testing|fixture|dummy|fake|sample|example)(?:[-_.]|$)/i;

/** True when `path` is a credential-named file the project keeps for its tests. */
export function throwawayKeyFile(path: string): boolean {
  if (!inProject(path)) return false;
  const parts = path.replace(/^\.\//, '').split('/');
  const base = parts.at(-1) ?? '';
  return parts.slice(0, -1).some((d) => THROWAWAY_DIR.test(d)) || THROWAWAY_NAME.test(base);
}
