// `--secret-file FILE`, the one meaning every command gives it (docs/guard.md "Flow and taint",
// docs/sensor.md): each non-empty line of FILE that does not start with `#` is one secret.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { UsageError } from '../errors.js';

/** One registered secret; `label` names the file and line, never the value. */
export interface SecretLine {
  label: string;
  value: string;
}

/**
 * The secrets of a `--secret-file`: each non-empty, non-comment line, trimmed.
 *
 * @throws {UsageError} when FILE cannot be read or holds no secret line
 * @example for (const s of readSecretLines('~/.secrets')) tracker.registerSecret(s.value, s.label);
 */
export function readSecretLines(file: string): SecretLine[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read --secret-file ${file}: ${(e as Error).message}`, undefined, {
      cause: e,
    });
  }
  const out: SecretLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line !== '' && !line.startsWith('#'))
      out.push({ label: `${basename(file)}:${i + 1}`, value: line });
  });
  if (out.length === 0)
    throw new UsageError(
      `--secret-file ${file} holds no secret`,
      'put one secret per line (lines starting with # are comments)',
    );
  return out;
}
