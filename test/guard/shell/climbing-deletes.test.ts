// Recursive deletes whose target climbs by `..` above a folder only known at run time (a tool's
// cache, a variable): how far up they land is unknown. Twins climb and come back down, or stay.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const bash = bashRule('/home/dev/mono');

describe('deletes climbing above an expansion', () => {
  it('trailing `..` after a substitution or variable is stopped in each spelling', async () => {
    for (const c of [
      'bazel clean --expunge; rm -rf "$(bazel info output_base)/../../.."',
      'rm -rf "$CACHE_DIR/.."',
      'rm -rf ${XDG_CACHE_HOME}/pip/../..',
      'rm -rf "$(go env GOCACHE)/../"',
      'rm -rf `npm config get cache`/../../*',
      'rm -fr "$(cat /tmp/out-dir)/../.."',
      'sudo rm -r -f "$(pip cache dir)/../.."',
    ])
      expect(await bash(c), c).not.toBe('allow');
  });

  it('a cache folder itself, a known folder below it, or a sibling by `../name` pass', async () => {
    for (const c of [
      'rm -rf "$(bazel info output_base)/external"',
      'rm -rf "$(bazel info output_base)"',
      'rm -rf "$SCRIPT_DIR/../dist"',
      'rm -rf "$(dirname "$0")/../build"',
      'rm -rf "$(go env GOCACHE)/../go-build-tmp"',
      'rm -rf ../build',
    ])
      expect(await bash(c), c).toBe('allow');
  });
});
