// One state file's JSON, read whole: every state file is written atomically by mesh, so a file that
// does not parse was edited or damaged outside it, and the error says which file.
import { readFileSync } from 'node:fs';
import { StateError } from '../errors.js';

/**
 * Parses the JSON document in `file` (its shape is for the caller to check).
 * @throws StateError state_invalid when the file cannot be read or is not JSON
 */
export function readStateJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new StateError(
      'state_invalid',
      `${file}: unreadable (${(e as Error).message})`,
      undefined,
      { cause: e },
    );
  }
}
