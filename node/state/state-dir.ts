// The node's state directory: where config, keys, receipts and stores live; carries a schema version.
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { STATE_SCHEMA } from '../version.js';
import { StateError } from '../errors.js';
import { writeFileAtomic } from '../../common/index.js';
import { loadConfig, type NodeConfig } from './config.js';
import { readStateJson } from './read-state-json.js';

export interface StateDir {
  root: string;
  configPath: string;
  config: NodeConfig;
  /** Path of a named file or folder inside the state directory. */
  path(...parts: string[]): string;
}

/** --state beats $MESH_HOME beats ~/.mesh. */
export function resolveStateRoot(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) return resolve(explicit);
  if (env.MESH_HOME) return resolve(env.MESH_HOME);
  return join(homedir(), '.mesh');
}

interface Manifest {
  schema: number;
  created: string;
}

function readManifest(file: string): Manifest {
  const doc = readStateJson(file);
  const m = doc as Partial<Manifest> | null;
  if (
    typeof m !== 'object' ||
    m === null ||
    typeof m.schema !== 'number' ||
    !Number.isSafeInteger(m.schema)
  ) {
    throw new StateError('state_invalid', `${file}: missing integer "schema"`);
  }
  if (m.schema > STATE_SCHEMA) {
    throw new StateError(
      'state_schema_newer',
      `${file}: state schema ${m.schema} is newer than this mesh understands (${STATE_SCHEMA})`,
      'upgrade interlock-mesh, or point --state / MESH_HOME at another directory',
    );
  }
  return {
    schema: m.schema,
    created: typeof m.created === 'string' ? m.created : new Date(0).toISOString(),
  };
}

/**
 * Opens (creating if needed, mode 0700) the state directory and its config; an older state
 * manifest is moved up to the current schema.
 *
 * @throws {StateError} state_invalid (state.json unreadable or without a schema),
 * state_schema_newer (written by a newer mesh)
 * @throws {ConfigError} config_invalid, config_schema_newer (from config.json)
 * @example
 * const state = openStateDir(resolveStateRoot(flags.state)); // --state, $MESH_HOME or ~/.mesh
 * state.config.reporting.enabled;
 * state.path('receipts.db');
 */
export function openStateDir(root: string): StateDir {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const manifestPath = join(root, 'state.json');
  if (existsSync(manifestPath)) {
    const m = readManifest(manifestPath);
    if (m.schema < STATE_SCHEMA) {
      writeFileAtomic(manifestPath, JSON.stringify({ ...m, schema: STATE_SCHEMA }) + '\n', {
        mode: 0o600,
      });
    }
  } else {
    const m: Manifest = { schema: STATE_SCHEMA, created: new Date().toISOString() };
    writeFileAtomic(manifestPath, JSON.stringify(m) + '\n', { mode: 0o600 });
  }
  const configPath = join(root, 'config.json');
  return {
    root,
    configPath,
    config: loadConfig(configPath),
    path: (...parts) => join(root, ...parts),
  };
}
