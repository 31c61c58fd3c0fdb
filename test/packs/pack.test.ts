import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGuard } from '../../guard/index.js';
import { BUILTIN_PACKS, compilePack, loadPack, PackError } from '../../packs/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function packFile(doc: unknown): string {
  const d = mkdtempSync(join(tmpdir(), 'pack-'));
  dirs.push(d);
  const f = join(d, 'pack.json');
  writeFileSync(
    f,
    typeof doc === 'string' || doc instanceof Uint8Array ? doc : JSON.stringify(doc),
  );
  return f;
}

const minimal = {
  pack_format: 1,
  name: 'mini',
  version: '0.1.0',
  licence: 'Apache-2.0',
  catalog: ['r1', 'r2'],
  policy: {
    format: 1,
    rules: [
      { id: 'r1', verdict: 'block', when: { field: 'args.command', prefix: 'rm' }, reason: 'rm' },
      { id: 'r2', verdict: 'block', when: { field: 'args.command', regex: '(' }, reason: 'broken' },
    ],
  },
};

describe('pack loader', () => {
  it('loads builtin:coding-agent with no quarantined rule, and its own tests pass', async () => {
    const p = loadPack('builtin:coding-agent');
    expect(p.meta).toMatchObject({ name: 'coding-agent', licence: 'Apache-2.0' });
    expect(p.policy.quarantined).toEqual([]);
    expect(p.meta.catalog).toEqual(p.policy.rules.map((r) => r.id));
    const res = await createGuard({ policies: [] }).reload([p.policy]);
    expect(res.failures).toEqual([]);
  });

  it('loads a pack file, quarantining its bad rule and keeping the rest', () => {
    const p = loadPack(packFile(minimal));
    expect(p.policy.rules.map((r) => r.id)).toEqual(['r1']);
    expect(p.policy.quarantined).toMatchObject([{ id: 'r2', code: 'rule_invalid' }]);
  });

  const bad: [string, unknown, string][] = [
    ['not JSON', '{', 'pack_unreadable'],
    // a lone continuation byte inside a string: not UTF-8, so not read with a replacement character
    [
      'not UTF-8',
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0x22, 0x7d]),
      'pack_unreadable',
    ],
    ['newer format', { ...minimal, pack_format: 9 }, 'pack_format_newer'],
    ['bad name', { ...minimal, name: 'Bad Name' }, 'pack_invalid'],
    ['bad version', { ...minimal, version: 'v1' }, 'pack_invalid'],
    ['catalog missing a rule', { ...minimal, catalog: ['r1'] }, 'pack_invalid'],
    ['catalog naming an unknown rule', { ...minimal, catalog: ['r1', 'r2', 'r3'] }, 'pack_invalid'],
    ['broken policy', { ...minimal, policy: { format: 1 } }, 'pack_invalid'],
    ['unknown key', { ...minimal, extra: true }, 'pack_invalid'],
  ];
  it.each(bad)('refuses %s with a coded error', (_n, doc, code) => {
    try {
      loadPack(packFile(doc));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PackError);
      expect((e as PackError).code).toBe(code);
    }
  });

  it('names the built-in packs when one is unknown, and a missing file', () => {
    expect(() => loadPack('builtin:nope')).toThrow(/builtin:coding-agent/);
    expect(() => loadPack('/nonexistent/pack.json')).toThrow(/no pack at/);
    expect(Object.keys(BUILTIN_PACKS)).toContain('coding-agent');
    expect(() => compilePack([], 'x')).toThrow(PackError);
  });
});
