// apply_patch bodies decoded into the files they write: every file a patch names comes back with the
// lines it adds, whatever the paths and contents (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PATCH_FILES, patchWrites } from '../../../guard/hook/patch-writes.js';
import { FC_RUNS } from '../../support/env.js';

const line = fc.string({ maxLength: 40 }).filter((s) => !/[\r\n]/.test(s));
const path = line.map((s) => `src/${s.trim() || 'f'}`);
const kind = fc.constantFrom('Add File', 'Update File', 'Delete File');

function encode(files: { kind: string; path: string; added: string[] }[]): string {
  const body = files.flatMap((f) => [
    `*** ${f.kind}: ${f.path}`,
    '@@',
    ...f.added.map((a) => `+${a}`),
  ]);
  return ['*** Begin Patch', ...body, '*** End Patch', ''].join('\n');
}

describe('patchWrites', () => {
  it('recovers every file and its added lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ kind, path, added: fc.array(line, { maxLength: 5 }) }), {
          maxLength: 8,
        }),
        (files) => {
          const got = patchWrites(encode(files));
          expect(got).toEqual(
            files.map((f) => ({
              path: f.path.trim(),
              via: `apply_patch ${f.kind.split(' ')[0]?.toLowerCase() ?? ''}`,
              content: f.added.join('\n'),
            })),
          );
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('refuses to enumerate a patch naming more files than the bound', () => {
    const files = Array.from({ length: MAX_PATCH_FILES + 1 }, (_, i) => ({
      kind: 'Add File',
      path: `f${i}`,
      added: [],
    }));
    expect(patchWrites(encode(files))).toBe('too_many');
  });
});
