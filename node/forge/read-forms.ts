// docs/campaigns.md "The forge": canonical forms that nodes publish voluntarily for a heavy
// hitter (`mesh campaigns explain --json` output, a node's form log, or a list of either). The
// file comes from outside the collector: it is read with a size bound and every form is checked.
import { readFileSync, statSync } from 'node:fs';
import { CANONICAL_FORM_VERSION, type CanonicalForm } from '../../guard/index.js';
import { ForgeError } from './errors.js';

export const MAX_FORMS_BYTES = 1024 * 1024;
const MAX_FORMS = 4096;
const MAX_TOKENS = 32;
const MAX_TOKEN = 256;

const invalid = (file: string, why: string): never => {
  throw new ForgeError('forge_form_invalid', `${file}: ${why}`, {
    hint: 'give the output of `mesh campaigns explain FINGERPRINT --json`, or a list of them',
  });
};

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const tokens = (v: unknown): v is string[] =>
  Array.isArray(v) &&
  v.length <= MAX_TOKENS + 8 &&
  v.every((t) => typeof t === 'string' && t.length > 0 && t.length <= MAX_TOKEN);

function asForm(file: string, v: unknown): CanonicalForm {
  if (!isObj(v) || v.v !== CANONICAL_FORM_VERSION) invalid(file, 'not a canonical form (v 1)');
  const f = v as Record<string, unknown>;
  if (f.outcome !== 'block' && f.outcome !== 'escalate' && f.outcome !== 'near-miss')
    invalid(file, 'a form has no outcome block, escalate or near-miss');
  if (typeof f.tool !== 'string' || f.tool.length === 0 || f.tool.length > MAX_TOKEN)
    invalid(file, 'a form has no tool');
  if (!Array.isArray(f.shape) || f.shape.length > MAX_TOKENS || !f.shape.every(tokens))
    invalid(file, `a form's shape must be at most ${MAX_TOKENS} lists of tokens`);
  return {
    v: CANONICAL_FORM_VERSION,
    outcome: f.outcome,
    tool: f.tool,
    shape: f.shape,
  } as CanonicalForm;
}

/** A form itself, an explain result `{bits, form}`, or a form log `{forms: {hex: {form}}}`. */
function formsOf(file: string, v: unknown, depth = 0): CanonicalForm[] {
  if (Array.isArray(v) && depth === 0) return v.flatMap((x) => formsOf(file, x, 1));
  if (!isObj(v)) return invalid(file, 'expected a form, an explain result or a form log');
  if ('shape' in v) return [asForm(file, v)];
  if ('form' in v) return [asForm(file, v.form)];
  if (isObj(v.forms) && depth === 0)
    return Object.values(v.forms).flatMap((x) => formsOf(file, x, 1));
  return invalid(file, 'expected a form, an explain result or a form log');
}

/**
 * @throws {ForgeError} forge_form_invalid
 * @example
 * const forms = readForms('volunteered.json');
 */
export function readForms(file: string): CanonicalForm[] {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (e) {
    throw new ForgeError('forge_form_invalid', `cannot read ${file}`, { cause: e });
  }
  if (size > MAX_FORMS_BYTES) invalid(file, `larger than ${MAX_FORMS_BYTES} bytes`);
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (e) {
    throw new ForgeError('forge_form_invalid', `${file}: not JSON`, { cause: e });
  }
  const forms = formsOf(file, doc);
  if (forms.length === 0 || forms.length > MAX_FORMS)
    invalid(file, `must hold 1 to ${MAX_FORMS} forms`);
  return forms;
}
