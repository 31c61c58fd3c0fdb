import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
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
