// Durable interop state (draft-dcook-ppm-dap-interop-test-design, janus' DAP-18 dialect): versioned
// JSON records in a level store, each put one synced write, so a party answers success only once
// what it added survives a crash.
import { DapError } from '../errors.js';
import { jsonValue, parseJson, type KvStore } from '../storage/kv.js';

export const INTEROP_RECORD_SCHEMA = 1;

interface Envelope {
  schema: number;
  value: unknown;
}

export const putRecord = (store: KvStore, key: string, value: unknown): Promise<void> =>
  store.write([{ type: 'put', key, value: jsonValue({ schema: INTEROP_RECORD_SCHEMA, value }) }]);

/** Every record under `prefix`; a record of a newer schema stops the load (no silent drop). */
export async function scanRecords(store: KvStore, prefix: string): Promise<[string, unknown][]> {
  const out: [string, unknown][] = [];
  for await (const [k, v] of store.scan(prefix)) {
    const e = parseJson<Envelope>(v);
    if (e.schema > INTEROP_RECORD_SCHEMA)
      throw new DapError(
        'storage_failed',
        `interop record ${k} has schema ${e.schema}, newer than ${INTEROP_RECORD_SCHEMA}; upgrade mesh`,
      );
    out.push([k.slice(prefix.length), e.value]);
  }
  return out;
}
