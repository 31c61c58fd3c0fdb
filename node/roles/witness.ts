// `mesh serve --role witness`: a c2sp.org/tlog-witness witness at /witness (add-checkpoint and the
// monitoring checkpoint). Config section "witness": { name?, key?, logs: [{ origin, vkeys: [...] }] }.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import {
  Witness,
  cosigner,
  cosignerVkey,
  formatSkey,
  openWitnessStore,
  parseSkey,
  parseVkey,
  witnessApp,
  type NoteVerifier,
} from '../../log/index.js';
import { readSecretFile } from '../../common/index.js';
import { ConfigError } from '../errors.js';
import { writeFileAtomic } from '../../common/index.js';
import { witnessMetrics } from './log-metrics.js';
import type { RoleDefinition, RoleOptions } from './role.js';

interface WitnessConfig {
  name: string;
  keyFile?: string;
  logs: Map<string, NoteVerifier[]>;
}

function readConfig(config: Record<string, unknown>): WitnessConfig {
  const section = (config.witness ?? {}) as {
    name?: unknown;
    key?: unknown;
    logs?: unknown;
  };
  const name = typeof section.name === 'string' ? section.name : 'mesh-witness';
  const logs = new Map<string, NoteVerifier[]>();
  const list = Array.isArray(section.logs) ? (section.logs as unknown[]) : [];
  for (const entry of list) {
    const e = entry as { origin?: unknown; vkeys?: unknown };
    if (typeof e.origin !== 'string' || !Array.isArray(e.vkeys))
      throw new ConfigError('config_invalid', 'witness.logs[] needs "origin" and "vkeys"');
    try {
      logs.set(
        e.origin,
        (e.vkeys as unknown[]).map((v) => parseVkey(String(v))),
      );
    } catch (err) {
      throw new ConfigError(
        'config_invalid',
        `witness log ${e.origin}: ${(err as Error).message}`,
        undefined,
        { cause: err },
      );
    }
  }
  if (logs.size === 0)
    throw new ConfigError(
      'config_invalid',
      'the witness trusts no log',
      'add "witness": {"logs": [{"origin": "...", "vkeys": ["..."]}]} to --config',
    );
  return { name, ...(typeof section.key === 'string' ? { keyFile: section.key } : {}), logs };
}

/** The configured key file, or one created (0600) in the role's data directory on first start. */
function loadSeed(cfg: WitnessConfig, dataDir: string): { name: string; seed: Uint8Array } {
  const path = cfg.keyFile ?? join(dataDir, 'witness.key');
  if (!existsSync(path)) {
    if (cfg.keyFile !== undefined)
      throw new ConfigError('config_invalid', `witness key ${path} does not exist`);
    writeFileAtomic(path, formatSkey(cfg.name, randomBytes(32)) + '\n', { mode: 0o600 });
  }
  // a signing key must be private to this user: refused (with a chmod hint) when wider than 0600
  const text = new TextDecoder().decode(readSecretFile(path, 'witness key'));
  try {
    return parseSkey(text);
  } catch (e) {
    throw new ConfigError(
      'config_invalid',
      `witness key ${path}: ${(e as Error).message}`,
      undefined,
      { cause: e },
    );
  }
}

export const witnessRole: RoleDefinition = {
  name: 'witness',
  async mount(app: Hono, opts: RoleOptions) {
    const cfg = readConfig(opts.config);
    const { name, seed } = loadSeed(cfg, opts.dataDir);
    const signer = cosigner(name, seed);
    const store = await openWitnessStore(join(opts.dataDir, 'store'));
    const witness = new Witness({ cosigner: signer, logs: cfg.logs, store });
    app.use('/witness/*', witnessMetrics(opts.metrics));
    app.route('/witness', witnessApp(witness));
    opts.log.info('witness ready', { vkey: cosignerVkey(signer), logs: [...cfg.logs.keys()] });
    return { publicKeys: { witness: cosignerVkey(signer) }, close: () => store.close() };
  },
};
