// The Claude Code hook runs one process per tool call (docs/guard.md "The Claude Code hook"): the calls
// of a new session can open its store together, and SQLite may answer the change to WAL with an
// immediate SQLITE_BUSY; each process must retry, share one salt and count its call once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SessionStore } from '../../../guard/hook/session-store.js';
import { runAt, type ChildEnd } from '../../support/at-once.js';

const STORE = pathToFileURL(resolve('dist/guard/hook/session-store.js')).href;
const PROCESSES = 6;

/** Every child waits for one instant after loading, so the opens meet inside SQLite. */
const recordInChild = (dir: string, startAt: number, call: number): Promise<ChildEnd> =>
  runAt(
    startAt,
    `const { SessionStore } = await import(${JSON.stringify(STORE)});`,
    `const store = SessionStore.open(${JSON.stringify(dir)});
store.record('s-1', 'Bash:${String(call)}', Date.now());
store.close();`,
  );

describe('hook session store opened by several processes at once', () => {
  it('opens one store in every process and counts every call once', async () => {
    for (let round = 0; round < 4; round++) {
      const dir = mkdtempSync(join(tmpdir(), 'mesh-session-race-'));
      const startAt = Date.now() + 1500;
      const calls = Array.from({ length: PROCESSES }, (_, i) => i);
      const runs = await Promise.all(calls.map((i) => recordInChild(dir, startAt, i)));
      for (const r of runs) expect(r.code, r.stderr).toBe(0);
      const store = SessionStore.open(dir);
      expect(store.record('s-1', 'Bash:last', Date.now()).calls).toBe(PROCESSES + 1);
      store.close();
    }
  });
});
