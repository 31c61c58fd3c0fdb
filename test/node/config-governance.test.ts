// The node config's `governance` section (docs/GOVERNANCE.md): validated whole, a typo named.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../node/state/config.js';

describe("the node config's governance section", () => {
  it.each([
    [{ governance: { rolez: {} } }, 'governance.rolez'],
    [{ governance: { roles: { root: { treshold: 4 } } } }, 'governance.roles.root.treshold'],
    [{ governance: { roles: { rot: { threshold: 4 } } } }, 'governance.roles.rot'],
    [{ governance: { profile: 'testing' } }, 'governance.profile'],
    [{ governance: { witnesses: { quorom: 2 } } }, 'governance.witnesses.quorom'],
  ])('refuses %j naming %s', (doc, key) => {
    expect(() => parseConfig({ schema: 1, ...doc }, 'config.json')).toThrow(
      expect.objectContaining({
        code: 'config_invalid',
        message: expect.stringContaining(key) as string,
      }) as Error,
    );
  });

  it('keeps a valid section as written', () => {
    const governance = { profile: 'demo', roles: { root: { threshold: 1 } } };
    expect(parseConfig({ schema: 1, governance }).config.governance).toEqual(governance);
  });
});
