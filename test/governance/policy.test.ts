import { describe, expect, it } from 'vitest';
import {
  CONSENT_DEFAULTS,
  DELEGATIONS,
  defaultPolicy,
  parsePolicy,
  requirePackLicence,
} from '../../governance/index.js';

describe('governance policy', () => {
  it('production keeps root, targets and stable offline behind thresholds above one', () => {
    const p = defaultPolicy();
    for (const role of ['root', 'targets', 'stable'] as const) {
      expect(p.roles[role].custody).toBe('offline');
      expect(p.roles[role].threshold).toBeGreaterThan(1);
    }
    for (const role of ['canary', 'snapshot', 'timestamp', 'log'] as const) {
      expect(p.roles[role].custody).toBe('online');
    }
  });

  it('the demo profile is threshold one everywhere and says so', () => {
    const p = parsePolicy({ profile: 'demo' });
    expect(Object.values(p.roles).every((r) => r.threshold === 1)).toBe(true);
  });

  it('targets delegates the canary ring and tasks online, the stable ring offline', () => {
    expect(DELEGATIONS).toEqual([
      { role: 'stable', paths: ['packs/*/stable/*'], terminating: true },
      { role: 'canary', paths: ['packs/*/canary/*', 'tasks/*/*'], terminating: true },
    ]);
  });

  it('reporting is off by default and shares only hits and false-positive sightings', () => {
    expect(CONSENT_DEFAULTS.reportingEnabled).toBe(false);
    expect(CONSENT_DEFAULTS.shared).toEqual(['rule_hits', 'false_positive_sightings']);
  });

  it('accepts valid overrides', () => {
    const p = parsePolicy({
      roles: { root: { threshold: 2, holders: 4 } },
    });
    expect(p.roles.root).toMatchObject({ threshold: 2, holders: 4 });
  });

  it.each([
    ['a newer schema', { schema: 2 }, 'policy_schema_newer'],
    ['a typo in a key', { rolez: {} }, 'policy_invalid'],
    ['an unknown role', { roles: { admin: { threshold: 1 } } }, 'policy_invalid'],
    ['threshold above holders', { roles: { root: { threshold: 6 } } }, 'policy_invalid'],
    ['a zero threshold', { roles: { root: { threshold: 0 } } }, 'policy_invalid'],
    ['consensus thresholds (the collector config holds them)', { consensus: {} }, 'policy_invalid'],
    ['quorum above witnesses', { witnesses: { quorum: 4 } }, 'policy_invalid'],
    ['a fractional quorum', { witnesses: { quorum: 1.5 } }, 'policy_invalid'],
  ])('refuses %s', (_name, doc, code) => {
    expect(() => parsePolicy(doc)).toThrow(expect.objectContaining({ code }) as Error);
  });

  it('community packs must be Apache-2.0', () => {
    expect(() => {
      requirePackLicence('Apache-2.0');
    }).not.toThrow();
    expect(() => {
      requirePackLicence('GPL-3.0-only');
    }).toThrow(expect.objectContaining({ code: 'licence_refused' }) as Error);
  });
});
