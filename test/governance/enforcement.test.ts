// governance/ as publish and ceremony enforce it: threshold floors per profile and expiries for tuf/
// (the node config's governance section is tested in test/node/config-governance.test.ts).
import { describe, expect, it } from 'vitest';
import {
  defaultPolicy,
  parsePolicy,
  repositoryExpiry,
  requireThreshold,
} from '../../governance/index.js';

const DAY = 86_400_000;
const withCode = (code: string): Error => expect.objectContaining({ code }) as Error;

describe('threshold floors', () => {
  it('production refuses threshold 1 for root, targets and stable; demo accepts it', () => {
    const prod = defaultPolicy();
    for (const role of ['root', 'targets', 'stable'] as const) {
      expect(() => {
        requireThreshold(prod, role, 1);
      }).toThrow(withCode('threshold_too_low'));
      expect(() => {
        requireThreshold(defaultPolicy('demo'), role, 1);
      }).not.toThrow();
    }
    expect(() => {
      requireThreshold(prod, 'root', 3);
    }).not.toThrow();
    expect(() => {
      requireThreshold(prod, 'stable', 2);
    }).not.toThrow();
  });

  it('a production config may set an offline threshold to 2, never to 1', () => {
    expect(
      parsePolicy({ roles: { root: { threshold: 2, holders: 3 } } }).roles.root.threshold,
    ).toBe(2);
    expect(() => parsePolicy({ roles: { stable: { threshold: 1 } } })).toThrow(
      withCode('policy_invalid'),
    );
    expect(parsePolicy({ profile: 'demo', roles: { stable: { threshold: 1 } } }).profile).toBe(
      'demo',
    );
  });
});

describe('expiries', () => {
  it('are the ones docs/GOVERNANCE.md states, in milliseconds for tuf/', () => {
    const e = repositoryExpiry(defaultPolicy());
    expect(e).toMatchObject({
      root: 365 * DAY,
      targets: 180 * DAY,
      stable: 90 * DAY,
      canary: 14 * DAY,
      snapshot: 7 * DAY,
      timestamp: DAY,
    });
  });

  it('follow a config override', () => {
    expect(repositoryExpiry(parsePolicy({ roles: { canary: { expiryDays: 7 } } })).canary).toBe(
      7 * DAY,
    );
  });
});
