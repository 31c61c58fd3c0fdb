import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGuard, FingerprintStore } from '../../../guard/index.js';
import { MAX_DEFINITION_SESSIONS } from '../../../guard/shell/session-definitions.js';
import { loadPack } from '../../../packs/index.js';

const bash = (command: string, session: string) => ({
  phase: 'call',
  tool: 'Bash',
  args: { command },
  session,
});

describe('functions and aliases across the calls of one session', () => {
  const policy = loadPack('builtin:coding-agent').policy;

  it('a function defined in one call is followed when a later call runs it', async () => {
    const guard = createGuard({ policies: [policy] });
    // the definition alone is already judged by its body; the later call is what is new
    await guard.decide(bash('cleanup() { rm -rf "$HOME"; }', 's1'));
    const d = await guard.decide(bash('cleanup', 's1'));
    expect([d.verdict, d.rule]).toEqual(['block', 'ca.destructive-delete']);
    expect((await createGuard({ policies: [policy] }).decide(bash('cleanup', 's1'))).verdict).toBe(
      'allow',
    );
  });

  it('a command read before its session defined it is followed once defined', async () => {
    const guard = createGuard({ policies: [policy] });
    expect((await guard.decide(bash('tidy', 's1'))).verdict).toBe('allow');
    await guard.decide(bash('tidy() { rm -rf ~; }', 's1'));
    expect((await guard.decide(bash('tidy', 's1'))).rule).toBe('ca.destructive-delete');
    expect((await guard.decide(bash('tidy', 's2'))).verdict).toBe('allow');
  });

  it('an alias defined earlier runs its text with the words after it', async () => {
    const guard = createGuard({ policies: [policy] });
    await guard.decide(bash("alias up='git push --force'", 's1'));
    const d = await guard.decide(bash('up origin main', 's1'));
    expect(d.rule).toBe('ca.force-push');
  });

  it('another session, or a redefinition, does not inherit it', async () => {
    const guard = createGuard({ policies: [policy] });
    await guard.decide(bash('wipe() { rm -rf ~; }', 's1'));
    expect((await guard.decide(bash('wipe', 's2'))).verdict).toBe('allow');
    await guard.decide(bash('wipe() { echo done; }', 's1'));
    expect((await guard.decide(bash('wipe', 's1'))).verdict).toBe('allow');
  });

  it('a harmless function stays harmless in later calls', async () => {
    const guard = createGuard({ policies: [policy] });
    await guard.decide(bash('build() { npm run build && npm test; }', 's1'));
    expect((await guard.decide(bash('build', 's1'))).verdict).toBe('allow');
  });
});

describe('functions and aliases kept in the flow store (one process per call)', () => {
  const policy = loadPack('builtin:coding-agent').policy;
  const dir = mkdtempSync(join(tmpdir(), 'mesh-defs-'));
  /** A fresh store and guard per call, as a hook process per call has. */
  const once = async (command: string, session = 's1') => {
    const store = FingerprintStore.open(dir);
    try {
      return await createGuard({ policies: [policy], definitions: store.definitions() }).decide(
        bash(command, session),
      );
    } finally {
      store.close();
    }
  };

  it('a later process follows a function and an alias, sealed on disk, for that session only', async () => {
    await once('cleanup() { rm -rf "$HOME"; }');
    await once("alias up='git push --force'");
    const d = await once('cleanup');
    expect([d.verdict, d.rule]).toEqual(['block', 'ca.destructive-delete']);
    expect((await once('up origin main')).rule).toBe('ca.force-push');
    expect((await once('cleanup', 's2')).verdict).toBe('allow');
    const db = readFileSync(join(dir, 'flow.db'));
    expect(db.includes('rm -rf')).toBe(false);
    expect(db.includes('git push')).toBe(false);
  });

  it('keeps at most MAX_DEFINITION_SESSIONS sessions, the least recently written going first', () => {
    let t = 0;
    const store = FingerprintStore.open(
      mkdtempSync(join(tmpdir(), 'mesh-defs-')),
      undefined,
      () => ++t,
    );
    const defs = store.definitions();
    for (let i = 0; i <= MAX_DEFINITION_SESSIONS; i++) defs.record(`s${i}`, new Map([['f', 'ls']]));
    expect(defs.of('s0')).toBeUndefined();
    expect(defs.of(`s${MAX_DEFINITION_SESSIONS}`)?.get('f')).toBe('ls');
    store.close();
  });
});
