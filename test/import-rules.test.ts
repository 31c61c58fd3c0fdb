import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/env.js';
import { checkImports } from './support/import-rules.js';

describe('room import rules (docs/architecture.md)', () => {
  it('the project itself has no violation', () => {
    expect(checkImports(ROOT)).toEqual([]);
  });

  it('catches every kind of violation in a bad fixture', () => {
    const found = checkImports(join(ROOT, 'test/fixtures/import-rules/bad'));
    const byFile = Object.fromEntries(found.map((v) => [v.file, v.reason]));
    expect(byFile).toEqual({
      'vdaf/index.ts': 'vdaf may not import dap',
      'dap/index.ts': 'reaches inside vdaf/ (only vdaf/index.ts is public)',
      'tuf/index.ts': 'tuf may not import log',
      'log/index.ts': 'room log imports test code',
      'test/dap/helper.ts': 'reaches inside vdaf/ (only vdaf/index.ts is public)',
    });
  });
});
