// `datastore-command`: a document or key-value store's MCP tool handed a command that destroys
// what the store holds (docs/guard.md "Shell analysis"): a MongoDB command document (`{"dropDatabase":
// 1}`, `{"drop": "orders"}`, a `delete` or multi `update` whose filter is empty), an operation named
// for a drop or a flush (`"operation": "dropDatabase"`, `"command": "FLUSHALL"`, `DeleteTable`), a
// bulk delete or update named with an empty filter, shell code that drops or empties
// (`db.orders.deleteMany({})`), or Elasticsearch console text deleting an index. Only the argument
// keys a command goes by are read, one level deep: the cost on other tools is a few key lookups.
import type { Detector, Finding } from './detector.js';
import { checkKeys } from './params.js';
import { isEmptyFilter } from './datastore-filter.js';
import { MONGO_DESTROY } from '../shell/intent-infra.js';
import { LOCAL_HOST, throwaway } from '../shell/local-test-data.js';

/** Keys whose value is the command: a document, an operation's name or a line of code. */
const COMMAND_KEYS = [
  'command',
  'cmd',
  'operation',
  'op',
  'method',
  'action',
  'query',
  'script',
  'code',
  'eval',
  'statement',
  'body',
] as const;
/** Commands and operations that drop or flush whatever they are given. */
const DROPS =
  /^(?:dropDatabase|drop|dropCollection|drop_collection|drop_database|dropIndexes|dropAllUsersFromDatabase|flushall|flushdb|DeleteTable|delete_table|deleteIndex|delete_index|deleteBucket|deleteDatabase|deleteCollection|recursiveDelete)$/i;
/** Bulk writes that reach every document when their filter is empty. */
const BULK = /^(?:deleteMany|delete_many|remove|updateMany|update_many|replaceMany)$/i;
const FILTER_KEYS = ['filter', 'query', 'where', 'selector', 'q'] as const;
/** Redis commands given as text; Elasticsearch console lines deleting a whole index. */
const TEXT_DESTROY = /^\s*(?:FLUSHALL|FLUSHDB)\b|^\s*DELETE\s+\/?(?:_all|[^\s/_][^\s/]*)\s*$/i;

/** A command document given as JSON text is read up to this size. */
const MAX_JSON = 64 * 1024;

function parsed(text: string): Record<string, unknown> | null {
  try {
    return record(JSON.parse(text));
  } catch {
    return null;
  }
}

function record(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : null;
}

/** The filter the arguments name, or undefined when they name none. */
function filterOf(args: Record<string, unknown>): unknown {
  for (const k of FILTER_KEYS) if (Object.hasOwn(args, k)) return args[k];
  return undefined;
}

/** A MongoDB command document (its first key is the command) that destroys. */
function commandDocument(doc: Record<string, unknown>): string | null {
  const first = Object.keys(doc)[0];
  if (first === undefined) return null;
  if (DROPS.test(first)) return first;
  const list = doc[first === 'delete' ? 'deletes' : first === 'update' ? 'updates' : ''];
  if (!Array.isArray(list)) return null;
  const all = list.some((s) => {
    const st = record(s);
    if (st === null || !isEmptyFilter(st.q)) return false;
    return first === 'delete' ? st.limit === 0 : st.multi === true;
  });
  return all ? `${first} of every document` : null;
}

/** What the command value `v` under `args` destroys, or null. */
function destroys(v: unknown, args: Record<string, unknown>): string | null {
  if (typeof v === 'string') {
    const name = v.trim();
    if (DROPS.test(name)) return name;
    if (BULK.test(name)) return isEmptyFilter(filterOf(args)) ? `${name} with no filter` : null;
    if (TEXT_DESTROY.test(name)) return name.split(/\s+/)[0] ?? name;
    if (name.startsWith('{') && name.length <= MAX_JSON) return commandDocument(parsed(name) ?? {});
    return MONGO_DESTROY.test(name) ? 'shell code that drops or empties' : null;
  }
  if (Array.isArray(v)) return typeof v[0] === 'string' && DROPS.test(v[0]) ? v[0] : null;
  const doc = record(v);
  return doc === null ? null : commandDocument(doc);
}

const CONNECTION_KEYS = ['connection', 'connectionString', 'uri', 'url', 'host'] as const;
const URL_HOST = /^(?:[a-z][\w+.-]*:\/\/)?(?:[^@/]*@)?([^/:?,]+)/i;

/**
 * A test-named database (`app_test`) of a connection the arguments name local
 * (`mongodb://localhost:27017`): the developer's own throwaway data, as `dropdb` of one is. The
 * server's configured connection, when the arguments name none, may be anywhere.
 */
function localThrowaway(args: Record<string, unknown>): boolean {
  const db = args.database ?? args.db;
  if (typeof db !== 'string' || !throwaway(db)) return false;
  const named = CONNECTION_KEYS.filter((k) => Object.hasOwn(args, k)).map((k) => args[k]);
  return (
    named.length > 0 &&
    named.every((c) => typeof c === 'string' && LOCAL_HOST.test(URL_HOST.exec(c)?.[1] ?? ''))
  );
}

export const datastoreCommandDetector: Detector<null> = {
  name: 'datastore-command',
  rewrites: () => false,
  parseParams(params, path) {
    checkKeys(params, [], path);
    return null;
  },
  scan(value, path): Finding[] {
    const args = record(value);
    if (args === null || localThrowaway(args)) return [];
    for (const k of COMMAND_KEYS) {
      if (!Object.hasOwn(args, k)) continue;
      const what = destroys(args[k], args);
      if (what !== null)
        return [{ path: `${path}.${k}`, reason: `a data store command that destroys: ${what}` }];
    }
    return [];
  },
};
