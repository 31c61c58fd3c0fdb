// config.json of a node: versioned (schema), migrated forward, refused when newer than we know.
import { existsSync, readFileSync } from 'node:fs';
import { CONFIG_SCHEMA } from '../version.js';
import { ConfigError } from '../errors.js';
import { writeFileAtomic } from '../../common/index.js';
import { parseOperator } from './operator.js';
import type { OperatorPolicy } from '../../packs/index.js';
import { parseGovernanceSection } from './governance.js';
import { parseReviewsSection, type ReviewsConfig } from '../guard/reviews-config.js';
import { parseReceiptsSection, type ReceiptsConfig } from '../guard/receipts-config.js';
import { parseGuardSection, type GuardConfig } from '../guard/egress-config.js';

export interface NodeConfig {
  schema: typeof CONFIG_SCHEMA;
  /** Contributing counts is off until the operator turns it on (docs/architecture.md, Report flow). */
  reporting: {
    enabled: boolean;
    /** The subscription whose catalog and DAP task the reports use: `mesh:<pack>@<ring>`. */
    pack?: string;
    /** Length of one report window in seconds: one report per window, never two. */
    windowSeconds?: number;
    /** Opt-out (demos, tests): report to a task under the consent batch-size floor. */
    belowConsentFloor?: boolean;
    /** Unix seconds when the operator turned reporting on: earlier windows are never reported. */
    enabledAt?: number;
    /** A ceiling on the tier slot: the slot itself comes from the verified member list, never from here. */
    tier?: number;
  };
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** How community rules may act here; defaults apply when absent. */
  operator?: OperatorPolicy;
  /** Overrides of governance's policy (docs/GOVERNANCE.md), kept as written; validated on read. */
  governance?: Record<string, unknown>;
  /** How many distinct people approve an escalated call (docs/operator.md "config.json"). */
  reviews?: ReviewsConfig;
  /** Where receipt heads are anchored beyond the anchor file (docs/operator.md "config.json"). */
  receipts?: ReceiptsConfig;
  /** Hosts the operator adds to the guard's host policy (docs/operator.md "config.json"). */
  guard?: GuardConfig;
}

export function defaultConfig(): NodeConfig {
  return { schema: CONFIG_SCHEMA, reporting: { enabled: false }, logLevel: 'info' };
}

type Raw = Record<string, unknown>;

/**
 * Migrations from schema N to N+1. Schema 0 is a config written before the field existed:
 * it had a top-level boolean `report` that became `reporting.enabled`.
 */
const MIGRATIONS: Record<number, (raw: Raw) => Raw> = {
  0: (raw) => {
    const { report, ...rest } = raw;
    return { ...rest, schema: 1, reporting: { enabled: report === true } };
  },
};

const MAX_CONFIG_BYTES = 1 << 20;
const LOG_LEVELS = new Set(['debug', 'info', 'warn', 'error']);

/** Validates and migrates an already-parsed document. Attacker-controlled if the file is shared. */
export function parseConfig(
  doc: unknown,
  source = 'config',
): { config: NodeConfig; migratedFrom?: number } {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new ConfigError('config_invalid', `${source}: expected a JSON object`);
  }
  let raw = doc as Raw;
  const start = raw.schema === undefined ? 0 : raw.schema;
  if (typeof start !== 'number' || !Number.isSafeInteger(start) || start < 0) {
    throw new ConfigError('config_invalid', `${source}: "schema" must be a non-negative integer`);
  }
  if (start > CONFIG_SCHEMA) {
    throw new ConfigError(
      'config_schema_newer',
      `${source}: schema ${start} is newer than this mesh understands (${CONFIG_SCHEMA})`,
      'upgrade interlock-mesh, or restore the config written by this version',
    );
  }
  for (let v = start; v < CONFIG_SCHEMA; v++) {
    const step = MIGRATIONS[v];
    if (!step) throw new ConfigError('config_invalid', `${source}: no migration from schema ${v}`);
    raw = step(raw);
  }
  const config = defaultConfig();
  const reporting = raw.reporting;
  if (reporting !== undefined) {
    if (
      typeof reporting !== 'object' ||
      reporting === null ||
      typeof (reporting as Raw).enabled !== 'boolean'
    ) {
      throw new ConfigError('config_invalid', `${source}: "reporting.enabled" must be a boolean`);
    }
    const r = reporting as Raw;
    config.reporting.enabled = r.enabled === true;
    if (r.pack !== undefined) {
      if (typeof r.pack !== 'string' || !r.pack.startsWith('mesh:')) {
        throw new ConfigError(
          'config_invalid',
          `${source}: "reporting.pack" must be mesh:<pack>@<ring>`,
        );
      }
      config.reporting.pack = r.pack;
    }
    if (r.windowSeconds !== undefined) {
      const w = r.windowSeconds;
      if (typeof w !== 'number' || !Number.isSafeInteger(w) || w < 60) {
        throw new ConfigError(
          'config_invalid',
          `${source}: "reporting.windowSeconds" must be an integer >= 60`,
        );
      }
      config.reporting.windowSeconds = w;
    }
    if (r.belowConsentFloor !== undefined) {
      if (typeof r.belowConsentFloor !== 'boolean')
        throw new ConfigError(
          'config_invalid',
          `${source}: "reporting.belowConsentFloor" must be a boolean`,
        );
      if (r.belowConsentFloor) config.reporting.belowConsentFloor = true;
    }
    if (r.enabledAt !== undefined) {
      if (typeof r.enabledAt !== 'number' || !Number.isSafeInteger(r.enabledAt) || r.enabledAt < 0)
        throw new ConfigError(
          'config_invalid',
          `${source}: "reporting.enabledAt" must be unix seconds`,
        );
      config.reporting.enabledAt = r.enabledAt;
    }
    if (r.tier !== undefined) {
      if (typeof r.tier !== 'number' || !Number.isSafeInteger(r.tier) || r.tier < 0)
        throw new ConfigError(
          'config_invalid',
          `${source}: "reporting.tier" must be an integer >= 0`,
        );
      config.reporting.tier = r.tier;
    }
  }
  if (raw.logLevel !== undefined) {
    if (typeof raw.logLevel !== 'string' || !LOG_LEVELS.has(raw.logLevel)) {
      throw new ConfigError(
        'config_invalid',
        `${source}: "logLevel" must be one of debug, info, warn, error`,
      );
    }
    config.logLevel = raw.logLevel as NodeConfig['logLevel'];
  }
  if (raw.operator !== undefined) config.operator = parseOperator(raw.operator, source);
  if (raw.governance !== undefined)
    config.governance = parseGovernanceSection(raw.governance, source);
  if (raw.reviews !== undefined) config.reviews = parseReviewsSection(raw.reviews, source);
  if (raw.receipts !== undefined) config.receipts = parseReceiptsSection(raw.receipts, source);
  if (raw.guard !== undefined) config.guard = parseGuardSection(raw.guard, source);
  return start === CONFIG_SCHEMA ? { config } : { config, migratedFrom: start };
}

/**
 * Reads a config file (the defaults when it does not exist); a migrated config is written back
 * atomically in the current schema.
 *
 * @throws {ConfigError} config_invalid (too large, not JSON, an unknown or ill-typed key, a
 * governance section that does not parse), config_schema_newer
 * @example
 * const config = loadConfig(join(stateRoot, 'config.json'));
 * saveConfig(join(stateRoot, 'config.json'), { ...config, reporting: { enabled: true } });
 */
export function loadConfig(path: string): NodeConfig {
  if (!existsSync(path)) return defaultConfig();
  const text = readFileSync(path);
  if (text.length > MAX_CONFIG_BYTES) {
    throw new ConfigError('config_invalid', `${path}: larger than ${MAX_CONFIG_BYTES} bytes`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text.toString('utf8'));
  } catch (e) {
    throw new ConfigError(
      'config_invalid',
      `${path}: not JSON (${(e as Error).message})`,
      'fix or delete the file',
      { cause: e },
    );
  }
  const { config, migratedFrom } = parseConfig(doc, path);
  if (migratedFrom !== undefined) saveConfig(path, config);
  return config;
}

export function saveConfig(path: string, config: NodeConfig): void {
  writeFileAtomic(path, JSON.stringify(config, null, 2) + '\n', { mode: 0o600 });
}
