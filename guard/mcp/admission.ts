// MCP proxy: durable admission of a server: its command and the hash of its surface, one
// file per server (written to a temporary name, fsynced, renamed, directory fsynced; mode 0600).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../common/index.js';
import { GuardError } from '../errors.js';
import { canonicalJson } from '../receipts/canonical.js';
import { toolDigest, type ToolSurface } from './surface.js';

export const ADMISSION_SCHEMA = 1;

export interface Admission {
  schema: number;
  command: string[];
  surface: string;
  /** Digest of each admitted tool by name, to say which tool changed. */
  tools: Record<string, string>;
  admitted: string;
}

function fileFor(dir: string, command: readonly string[]): string {
  return join(
    dir,
    `${createHash('sha256').update(canonicalJson(command)).digest('hex').slice(0, 32)}.json`,
  );
}

export function readAdmission(dir: string, command: readonly string[]): Admission | null {
  let text: string;
  try {
    text = readFileSync(fileFor(dir, command), 'utf8');
  } catch {
    return null;
  }
  let doc: Admission;
  try {
    doc = JSON.parse(text) as Admission;
  } catch {
    throw new GuardError(
      'mcp_not_admitted',
      `admission record for ${command.join(' ')} is corrupt; run \`mesh guard mcp admit -- ${command.join(' ')}\``,
    );
  }
  if (typeof doc.schema !== 'number' || doc.schema > ADMISSION_SCHEMA)
    throw new GuardError(
      'mcp_not_admitted',
      `admission record schema ${String(doc.schema)} is newer than this mesh understands; upgrade interlock-mesh`,
    );
  if (typeof doc.surface !== 'string' || canonicalJson(doc.command) !== canonicalJson(command))
    throw new GuardError(
      'mcp_not_admitted',
      `admission record for ${command.join(' ')} does not match; re-admit it`,
    );
  return doc;
}

export function writeAdmission(
  dir: string,
  command: readonly string[],
  surface: string,
  tools: readonly ToolSurface[],
): Admission {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const doc: Admission = {
    schema: ADMISSION_SCHEMA,
    command: [...command],
    surface,
    tools: Object.fromEntries(tools.map((t) => [t.name, toolDigest(t)])),
    admitted: new Date().toISOString(),
  };
  const path = fileFor(dir, command);
  writeFileAtomic(path, JSON.stringify(doc, null, 2) + '\n', { mode: 0o600 });
  return doc;
}
