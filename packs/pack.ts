// The pack format (PACK_FORMAT): metadata and a rule catalog around one guard policy (POLICY_FORMAT).
import { compilePolicy, GuardError, type DetectorRegistry, type Policy } from '../guard/index.js';
import { PackError } from './errors.js';
import {
  checkedEntries,
  parseRuleEntries,
  untestedEntries,
  type RawExample,
  type RuleEntry,
} from './rule-tests.js';
import { PACK_FORMAT } from './version.js';

export interface PackMeta {
  name: string;
  version: string;
  licence: string;
  description: string;
  /** Every rule id of the policy in a fixed order: the coordinates of hit-count reports. */
  catalog: string[];
  /** The pack_format the document was written in (1 predates per-rule hashes and tests). */
  format: number;
  /** Per catalog rule: content hash and its own tests (null tests in a format-1 pack). */
  rules: Record<string, RuleEntry>;
}

export interface LoadedPack {
  meta: PackMeta;
  policy: Policy;
}

const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
const SEMVER = /^\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z.-]{1,64})?$/;
const KEYS = new Set([
  'pack_format',
  'name',
  'version',
  'licence',
  'description',
  'catalog',
  'rules',
  'policy',
]);

function bad(message: string): never {
  throw new PackError('pack_invalid', message);
}

/** How a pack is compiled; `checked` only for a built-in pack the build checked (CHECKED_BUILTINS). */
export interface CompileOptions {
  detectors?: DetectorRegistry;
  checked?: boolean;
}

/** Validates and compiles a pack document. This value is attacker-controlled for a downloaded pack. */
export function compilePack(doc: unknown, origin: string, opts: CompileOptions = {}): LoadedPack {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    bad(`${origin}: a pack must be a JSON object`);
  const d = doc as Record<string, unknown>;
  for (const k of Object.keys(d)) if (!KEYS.has(k)) bad(`${origin}: unknown key "${k}"`);
  if (
    typeof d.pack_format !== 'number' ||
    !Number.isSafeInteger(d.pack_format) ||
    d.pack_format < 1
  )
    bad(`${origin}: pack_format must be a positive integer`);
  if (d.pack_format > PACK_FORMAT)
    throw new PackError(
      'pack_format_newer',
      `${origin}: pack format ${d.pack_format} is newer than this mesh understands (${PACK_FORMAT})`,
      'upgrade interlock-mesh',
    );
  if (typeof d.name !== 'string' || !NAME.test(d.name))
    bad(`${origin}: name must match ${NAME.source}`);
  if (typeof d.version !== 'string' || !SEMVER.test(d.version))
    bad(`${origin}: version must be semver (1.2.3)`);
  if (typeof d.licence !== 'string' || d.licence.length === 0 || d.licence.length > 64)
    bad(`${origin}: licence must be an SPDX identifier`);
  const description = d.description ?? '';
  if (typeof description !== 'string' || description.length > 4096)
    bad(`${origin}: description must be a string`);
  if (!Array.isArray(d.catalog) || !d.catalog.every((x) => typeof x === 'string'))
    bad(`${origin}: catalog must be a list of rule ids`);
  const catalog = d.catalog;
  if (new Set(catalog).size !== catalog.length) bad(`${origin}: catalog lists a rule twice`);
  let policy: Policy;
  try {
    policy = compilePolicy(d.policy, {
      name: `${d.name}@${d.version}`,
      ...(opts.detectors ? { detectors: opts.detectors } : {}),
    });
  } catch (e) {
    if (e instanceof GuardError) bad(`${origin}: policy: ${e.message}`);
    throw e;
  }
  const ids = new Set([
    ...policy.rules.map((r) => r.id),
    ...policy.quarantined.map((q) => q.id ?? ''),
  ]);
  const docIds = (d.policy as { rules: unknown[] }).rules.map((r) => (r as { id?: unknown }).id);
  const missing = docIds.filter((id) => typeof id === 'string' && !catalog.includes(id));
  if (missing.length > 0) bad(`${origin}: rules missing from the catalog: ${missing.join(', ')}`);
  const extra = catalog.filter((id) => !ids.has(id) && !docIds.includes(id));
  if (extra.length > 0) bad(`${origin}: catalog names unknown rules: ${extra.join(', ')}`);
  const ruleDocs = new Map<string, unknown>();
  for (const r of (d.policy as { rules: unknown[] }).rules) {
    const id = (r as { id?: unknown }).id;
    if (typeof id === 'string') ruleDocs.set(id, r);
  }
  if (d.pack_format === 1 && d.rules !== undefined)
    bad(`${origin}: "rules" (per-rule hashes and tests) needs pack_format 2`);
  const rules =
    d.pack_format === 1
      ? untestedEntries(catalog, ruleDocs)
      : opts.checked === true
        ? checkedEntries(
            catalog,
            d.rules as Record<
              string,
              { sha256: string; tests: Record<'match' | 'no_match', RawExample[]> }
            >,
          )
        : parseRuleEntries(origin, d.rules, catalog, ruleDocs);
  return {
    meta: {
      name: d.name,
      version: d.version,
      licence: d.licence,
      description,
      catalog,
      format: d.pack_format,
      rules,
    },
    policy,
  };
}
