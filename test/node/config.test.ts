import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../node/errors.js';
import { defaultConfig, loadConfig, parseConfig } from '../../node/state/config.js';
import { openStateDir } from '../../node/state/state-dir.js';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'mesh-config-'));

describe('config schema versions', () => {
  it('a missing config file gives the defaults: reporting off', () => {
    expect(loadConfig(join(tmp(), 'config.json'))).toEqual(defaultConfig());
    expect(defaultConfig().reporting.enabled).toBe(false);
  });

  it('refuses a newer schema with a coded error and a next step', () => {
    try {
      parseConfig({ schema: 2 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).code).toBe('config_schema_newer');
      expect((e as ConfigError).hint).toBeTruthy();
    }
  });

  it('migrates a schema-0 config and writes it back in the current schema, 0600', () => {
    const path = join(tmp(), 'config.json');
    writeFileSync(path, JSON.stringify({ report: true, logLevel: 'debug' }));
    const cfg = loadConfig(path);
    expect(cfg).toEqual({ schema: 1, reporting: { enabled: true }, logLevel: 'debug' });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(cfg);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it.each([
    [[]],
    [null],
    [{ schema: -1 }],
    [{ schema: 1.5 }],
    [{ schema: 1, reporting: { enabled: 'yes' } }],
    [{ schema: 1, logLevel: 'loud' }],
    [{ schema: 1, reporting: { enabled: true, pack: 'coding-agent' } }],
    [{ schema: 1, reporting: { enabled: true, windowSeconds: 5 } }],
    [{ schema: 1, operator: { grants: ['(.*)'] } }],
    [{ schema: 1, operator: { bogus: 1 } }],
  ])('rejects %j with config_invalid', (doc) => {
    expect(() => parseConfig(doc)).toThrow(
      expect.objectContaining({ code: 'config_invalid' }) as Error,
    );
  });

  it('keeps the reporting and operator settings it validated', () => {
    const { config } = parseConfig({
      schema: 1,
      reporting: { enabled: true, pack: 'mesh:p@canary', windowSeconds: 60 },
      operator: { grants: ['no-*'], shadowWindowSeconds: 0 },
    });
    expect(config.reporting).toEqual({ enabled: true, pack: 'mesh:p@canary', windowSeconds: 60 });
    expect(config.operator).toMatchObject({
      grants: ['no-*'],
      shadowWindowSeconds: 0,
      ungranted: 'escalate',
    });
  });

  it('rejects a config file that is not JSON', () => {
    const path = join(tmp(), 'config.json');
    writeFileSync(path, '{"schema":');
    expect(() => loadConfig(path)).toThrow(
      expect.objectContaining({ code: 'config_invalid' }) as Error,
    );
  });

  it('the state directory is created 0700 with a manifest, and a newer manifest is refused', () => {
    const root = join(tmp(), 'state');
    openStateDir(root);
    expect(statSync(root).mode & 0o777).toBe(0o700);
    writeFileSync(join(root, 'state.json'), JSON.stringify({ schema: 7 }));
    expect(() => openStateDir(root)).toThrow(
      expect.objectContaining({ code: 'state_schema_newer' }) as Error,
    );
  });
});
