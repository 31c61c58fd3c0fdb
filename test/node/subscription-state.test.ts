// A subscription's state.json (node/subscription/state.ts) read back from disk: whatever the file
// holds, the node answers with `state_invalid` (or `state_schema_newer`), never an internal error;
// `mesh subscribe` on a state file holding `null` says so through the real CLI.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StateError } from '../../node/errors.js';
import {
  readSubscription,
  subscriptionDir,
  writeSubscription,
  type SubscriptionState,
} from '../../node/subscription/state.js';
import { FC_RUNS } from '../support/env.js';
import { runMesh } from '../support/run-mesh.js';

const valid: SubscriptionState = {
  schema: 1,
  id: 'coding-agent@canary',
  trust: {
    mirror: 'http://127.0.0.1:1',
    logKeys: ['k'],
    witnesses: ['a', 'b'],
    quorum: 2,
    gossip: ['http://127.0.0.1:1'],
  },
  good: {
    file: '/x',
    sha256: 'a'.repeat(64),
    packVersion: '1.0.0',
    role: 'canary',
    roleVersion: 3,
    acceptedAt: '2026-01-01T00:00:00.000Z',
  },
  checkpoint: 'cp',
  firstSeen: { r1: '2026-01-01T00:00:00.000Z' },
  status: 'ok',
};

function home(): { root: string; dir: string } {
  const root = mkdtempSync(join(tmpdir(), 'mesh-substate-'));
  const dir = subscriptionDir(root, 'coding-agent@canary');
  mkdirSync(dir, { recursive: true });
  return { root, dir };
}

/** A JSON path into `valid` and a value put there. */
const paths: string[][] = [
  [],
  ['id'],
  ['schema'],
  ['trust'],
  ['trust', 'mirror'],
  ['trust', 'logKeys'],
  ['trust', 'witnesses'],
  ['trust', 'quorum'],
  ['trust', 'gossip'],
  ['trust', 'allowNoWitness'],
  ['good'],
  ['good', 'roleVersion'],
  ['good', 'file'],
  ['firstSeen'],
  ['firstSeen', 'r1'],
  ['status'],
  ['lastError'],
  ['task'],
];

function put(doc: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(doc) as Record<string, unknown>;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>;
  at[path[path.length - 1] as string] = value;
  return copy;
}

describe('subscription state on disk', () => {
  it('round-trips a valid state', () => {
    const { dir } = home();
    writeSubscription(dir, valid);
    expect(readSubscription(dir)).toEqual(valid);
  });

  it('any malformed state file is state_invalid or state_schema_newer (property)', () => {
    const { dir } = home();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc
            .tuple(fc.constantFrom(...paths), fc.jsonValue())
            .map(([p, v]) => JSON.stringify(put(valid, p, v))),
          fc.string().map((s) => JSON.stringify(valid).slice(0, s.length)),
        ),
        (text) => {
          writeFileSync(join(dir, 'state.json'), text);
          let got: SubscriptionState | undefined;
          try {
            got = readSubscription(dir);
          } catch (e) {
            expect(e).toBeInstanceOf(StateError);
            expect(['state_invalid', 'state_schema_newer']).toContain((e as StateError).code);
            return;
          }
          // what is accepted is a full state: every field the node reads has its type
          expect(typeof got?.trust.mirror).toBe('string');
          expect(Array.isArray(got?.trust.witnesses)).toBe(true);
          expect(typeof got?.firstSeen).toBe('object');
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('mesh subscribe on a state.json holding null answers state_invalid', async () => {
    const { root, dir } = home();
    writeFileSync(join(dir, 'state.json'), 'null\n');
    const r = await runMesh(['--state', root, 'subscribe', 'mesh:coding-agent@canary', '--json']);
    expect(r.code).not.toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}') as {
      error?: { code?: string };
    };
    expect(out.error?.code, r.stdout + r.stderr).toBe('state_invalid');
  });
});
