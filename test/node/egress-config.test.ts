// config.json `guard.egress.allowHosts`: validated on read, reported by `mesh doctor` as a warning.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkEgressHosts } from '../../node/doctor/egress.js';
import { parseConfig } from '../../node/state/config.js';

const withHosts = (allowHosts: unknown) => ({ schema: 1, guard: { egress: { allowHosts } } });

describe('guard.egress.allowHosts', () => {
  it('keeps valid hosts lower-cased and refuses metadata endpoints, bad hosts and unknown keys', () => {
    expect(parseConfig(withHosts(['Pkgs.Corp.Example', '*.corp.example'])).config.guard).toEqual({
      egress: { allowHosts: ['pkgs.corp.example', '*.corp.example'] },
    });
    for (const bad of [
      withHosts(['169.254.169.254']),
      withHosts(['metadata.google.internal']),
      withHosts(['*.com']),
      withHosts('x.example'),
      withHosts([7]),
      { schema: 1, guard: { egress: { allowHosts: [], denyHosts: [] } } },
      { schema: 1, guard: { hosts: [] } },
    ])
      expect(() => parseConfig(bad), JSON.stringify(bad)).toThrow(/guard/);
  });

  it('mesh doctor warns with the hosts a config adds and is ok without them', () => {
    const home = mkdtempSync(join(tmpdir(), 'mesh-egress-'));
    expect(checkEgressHosts(home)[0]?.status).toBe('ok');
    writeFileSync(join(home, 'config.json'), JSON.stringify(withHosts(['*.corp.example'])));
    const [r] = checkEgressHosts(home);
    expect(r?.status).toBe('warn');
    expect(r?.detail).toContain('*.corp.example');
    expect(r?.detail).toContain('cloud metadata endpoints stay refused');
  });
});
