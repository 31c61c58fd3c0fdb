// docs/campaigns.md "Fingerprints": the canonical forms behind every fingerprint this node
// reported, kept locally (never sent) so the node can explain any fingerprint, written atomically.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../../common/index.js';
import type { CanonicalForm, Fingerprint } from '../../guard/index.js';
import { NodeError } from '../errors.js';

export const FORM_LOG_SCHEMA = 1;

export interface FormEntry {
  bits: string;
  form: CanonicalForm;
  /** Unix seconds of the first and the last call with this fingerprint. */
  first_seen: number;
  last_seen: number;
  count: number;
}

interface FormLogFile {
  schema: typeof FORM_LOG_SCHEMA;
  forms: Record<string, FormEntry>;
}

function load(path: string): FormLogFile {
  if (!existsSync(path)) return { schema: FORM_LOG_SCHEMA, forms: {} };
  const v = JSON.parse(readFileSync(path, 'utf8')) as Omit<FormLogFile, 'schema'> & {
    schema: number;
  };
  if (v.schema !== FORM_LOG_SCHEMA)
    throw new NodeError(
      'state_schema_newer',
      `${path}: form log schema ${String(v.schema)} unknown`,
      'upgrade mesh, or move the file aside',
    );
  return v as FormLogFile;
}

/**
 * Records that calls of `form` (fingerprint `fp`) were seen at `time`.
 *
 * @throws {NodeError} state_invalid (a form log of an unknown schema)
 * @example
 * recordForm(state.path('campaigns', 'forms.json'), fp, form, Math.floor(Date.now() / 1000));
 */
export function recordForm(path: string, fp: Fingerprint, form: CanonicalForm, time: number): void {
  const log = load(path);
  const cur = log.forms[fp.hex];
  log.forms[fp.hex] = cur
    ? { ...cur, last_seen: Math.max(cur.last_seen, time), count: cur.count + 1 }
    : { bits: fp.bits, form, first_seen: time, last_seen: time, count: 1 };
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, JSON.stringify(log), { mode: 0o600 });
}

/** The canonical form behind a fingerprint (hex or bits), if this node reported it. */
export function explainFingerprint(path: string, fingerprint: string): FormEntry | undefined {
  const log = load(path);
  const direct = log.forms[fingerprint.toLowerCase()];
  return direct ?? Object.values(log.forms).find((e) => e.bits === fingerprint);
}

/** This node's contribution for a window: the fingerprint seen most often in [start, end). */
export function windowContribution(
  path: string,
  start: number,
  end: number,
): FormEntry | undefined {
  const seen = Object.values(load(path).forms).filter(
    (e) => e.last_seen >= start && e.first_seen < end,
  );
  return seen.sort((a, b) => b.count - a.count || a.bits.localeCompare(b.bits))[0];
}
