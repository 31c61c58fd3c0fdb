// Deletes whose target a variable assigned earlier in the same command names through the run's own
// variables (`T="$HOME/"; rm -rf "${T}"*`), in each way a script assigns one, beside the same
// shapes naming a project folder.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'destructive_delete',
    [
      'TARGET="$HOME/"; rm -rf -- "${TARGET}"*',
      'TARGET="$HOME/"; rm -rf -- "${TARGET}"',
      'export TARGET=$HOME; rm -rf "$TARGET"/*',
      'declare -r D="${HOME}"; rm -rf "$D"',
      'f(){ local d="$HOME/"; rm -rf "${d}"*; }; f',
      'readonly W=$HOME && rm -fr "$W/"',
      'rm -rf "${WORKDIR:-$HOME}"/',
      'rm -rf "$(eval echo ~)"/*',
      'H="$(eval echo ~)"; rm -rf "$H"',
    ],
    [
      'D="$HOME/proj/build"; rm -rf "$D"',
      'OUT="$PWD/dist"; rm -rf "${OUT}"/*',
      'T="$HOME/.cache/pip"; rm -rf -- "${T}"*',
      'BUILD="${TMPDIR:-/tmp}/x"; rm -rf "$BUILD"',
      'DIR="$1"; rm -rf "$DIR"',
      'd=$(mktemp -d); rm -rf "$d"',
      'rm -rf "$(eval echo ~)/proj/node_modules"',
      'export CACHE="$HOME/.npm/_cacache"; rm -rf "$CACHE"',
    ],
  ],
];

describe('deletes through variables the command assigned', () => {
  itRaisesIntents(kit, TABLE);
});
