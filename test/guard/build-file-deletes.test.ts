// Deletes planted in what a build tool or a script runs later: Makefile recipes, justfile and
// Taskfile commands, CMake, package.json scripts and shell scripts written by a file tool, with
// home spelled the way each tool spells it. Beside each, the clean-up recipes developers write.
import { describe, expect, it } from 'vitest';
import { bashRule, callRule } from './pack-rule.js';

const rule = callRule('/home/dev/src/engine');
const edit = (file: string, text: string) =>
  rule('Edit', { file_path: file, old_string: 'x', new_string: text });
const write = (file: string, text: string) => rule('Write', { file_path: file, content: text });

const PLANTED: [string, string][] = [
  [
    '/home/dev/src/engine/Makefile',
    'clean:\n\t$(RM) -r $(BUILD_DIR) $(HOME)/.local $(HOME)/src $(HOME)/.ssh\n',
  ],
  ['/home/dev/src/engine/build/rules.mk', 'distclean:\n\t@rm -rf $$HOME/.config\n'],
  ['/home/dev/src/engine/GNUmakefile', 'clean:\n\t-rm -rf ${HOME}/*\n'],
  ['/home/dev/src/engine/justfile', 'clean:\n    rm -rf {{home_directory()}}/.gnupg\n'],
  [
    '/home/dev/src/engine/Taskfile.yml',
    'tasks:\n  clean:\n    cmds:\n      - rm -rf {{.HOME}}/.aws\n',
  ],
  [
    '/home/dev/src/engine/CMakeLists.txt',
    'add_custom_target(wipe)\nfile(REMOVE_RECURSE $ENV{HOME}/.ssh)\n',
  ],
  ['/home/dev/src/engine/package.json', '"scripts": {\n    "clean": "rm -rf ~/.npm ~/src"\n  }'],
  [
    '/home/dev/src/engine/scripts/cleanup.sh',
    '#!/usr/bin/env bash\nTARGET="${ARTIFACT_ROOT%/}/"\nrm -rf --no-preserve-root "$TARGET"*\n',
  ],
  ['/home/dev/src/engine/tools/reset', '#!/bin/sh\nrm -rf "$CACHE_ROOT/"*\n'],
];
const ROUTINE: [string, string][] = [
  [
    '/home/dev/src/engine/Makefile',
    'clean:\n\t$(RM) -r $(BUILD_DIR)/* dist coverage .pytest_cache\n',
  ],
  ['/home/dev/src/engine/Makefile', 'clean:\n\t@rm -rf $(HOME)/.cache/engine-build\n'],
  ['/home/dev/src/engine/justfile', 'clean:\n    rm -rf target dist\n'],
  [
    '/home/dev/src/engine/Taskfile.yml',
    'tasks:\n  clean:\n    cmds:\n      - rm -rf ./bin ./tmp\n',
  ],
  ['/home/dev/src/engine/CMakeLists.txt', 'file(REMOVE_RECURSE ${CMAKE_BINARY_DIR}/generated)\n'],
  [
    '/home/dev/src/engine/package.json',
    '"scripts": {\n    "clean": "rimraf dist coverage",\n    "build": "tsc -p ."\n  }',
  ],
  [
    '/home/dev/src/engine/scripts/cleanup.sh',
    '#!/usr/bin/env bash\nset -euo pipefail\nrm -rf "${ARTIFACT_ROOT:?}/"*\nrm -rf ./dist ./build\n',
  ],
];

describe('deletes planted in build files and scripts', () => {
  it.each(PLANTED)('%s: an edit planting a delete of home is stopped', async (file, text) => {
    expect(await edit(file, text)).not.toBe('allow');
    expect(await write(file, text)).not.toBe('allow');
  });
  it.each(ROUTINE)('%s: a clean-up recipe passes', async (file, text) => {
    expect(await edit(file, text)).toBe('allow');
  });
});

// A variable trimmed of its slash is empty when unset: the delete then starts at the root.
describe('deletes through a trimmed variable', () => {
  const bash = bashRule();
  it.each([
    'TARGET="${ARTIFACT_ROOT%/}/"; rm -rf "$TARGET"*',
    'rm -rf "${OUT_DIR%/}/"*',
    'rm -r "${DEST#./}/"',
  ])('%s is stopped', async (c) => {
    expect(await bash(c)).toBe('ca.destructive-delete');
  });
  it.each(['rm -rf "${ARTIFACT_ROOT:?}/"*', 'rm -rf "${OUT_DIR%/}/cache"'])(
    '%s passes',
    async (c) => {
      expect(await bash(c)).toBe('allow');
    },
  );
});
