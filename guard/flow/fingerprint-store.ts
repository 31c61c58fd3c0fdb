// Flow and taint: the persisted tracker for short-lived processes (the Claude Code hook).
// It keeps only keyed fingerprints and HMACs of fixed-width windows of each value's encoded forms,
// never a value in clear (a session's last outbound tail is sealed, outbound-tail.ts), in a SQLite
// database (WAL) that concurrent processes share; files are 0600.
import { createPrivateFile, openSqlite } from '../sqlite-open.js';
import type Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { GuardError } from '../errors.js';
import { patternsFor, type Encoding } from './encoded-forms.js';
import {
  CALL_JOIN,
  checkArguments,
  joinedValues,
  resultText,
  type IndexedTaint,
} from './flow-check.js';
import { readTail, writeTail } from './outbound-tail.js';
import { sealedDefinitions } from './sealed-definitions.js';
import type { ShellDefinitions } from '../shell/session-definitions.js';
import { loadFlowKeys, type FlowKeys } from './flow-key.js';
import { DEFAULT_FLOW_LIMITS, type FlowLimits } from './flow-limits.js';
import { matchViews, type MatchIndex, type PatternRef } from './match-index.js';
import type { FlowCheck, TaintSource } from './taint.js';
import { valueParts } from './decoded-values.js';
import { resultTokens, taintRefusal } from './taint-policy.js';
import type { FlowTracker } from './tracker.js';
import { filterAdd, filterFromBytes, filterWords } from './window-filter.js';
import { confirmWindows, valueDigest, windowMacs } from './window-macs.js';
import { FLOW_STORE_DDL, FLOW_STORE_MIGRATE_1_2, FLOW_STORE_SCHEMA } from './fingerprint-schema.js';
import { expireScopes, GLOBAL_SCOPE, liveScope, touchScope, trimScopes } from './scope-bounds.js';

export const FLOW_DB_FILE = 'flow.db';
/** Node-wide secrets live in this scope; sessions in a scope of their own id. */
const GLOBAL = GLOBAL_SCOPE;
/** The meta key marking a scope full (then its checks report `saturated`). */
const FULL = 'full:';

interface PatternRow {
  id: number;
  value_id: number;
  encoding: Encoding;
  chunk: number;
  length: number;
  macs: Buffer;
}

interface ValueRow {
  kind: 'secret' | 'result' | 'credential';
  tool: string;
  label: string;
  chunked: number;
}

export class FingerprintStore implements FlowTracker {
  private constructor(
    private readonly db: Database.Database,
    private readonly keys: FlowKeys,
    private readonly limits: FlowLimits,
    private readonly now: () => number,
  ) {}

  /** Opens (creating) the store under `dir`: `flow.secret` and `flow.db`, both 0600. */
  static open(
    dir: string,
    limits: FlowLimits = DEFAULT_FLOW_LIMITS,
    now: () => number = Date.now,
  ): FingerprintStore {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const keys = loadFlowKeys(dir);
    const path = join(dir, FLOW_DB_FILE);
    createPrivateFile(path);
    let db: Database.Database;
    try {
      db = openSqlite(path, { timeout: 10_000 }, (d) => {
        openFlowDb(d, path);
      });
    } catch (e) {
      if (e instanceof GuardError) throw e;
      throw new GuardError(
        'flow_store_invalid',
        `${path}: cannot open the flow store (${(e as Error).message})`,
        undefined,
        { cause: e },
      );
    }
    return new FingerprintStore(db, keys, limits, now);
  }

  close(): void {
    this.db.close();
  }

  /** Shell functions and aliases per session, sealed here (createGuard's `definitions`). */
  definitions(): ShellDefinitions {
    return sealedDefinitions(this.db, this.keys.tailKey, this.now);
  }

  registerSecret(value: string, label: string, session?: string): void {
    const why = taintRefusal(value, this.limits);
    if (why !== null)
      throw new GuardError('taint_refused', `secret "${label}" cannot be taint: ${why}`);
    this.insert(session ?? GLOBAL, [value.slice(0, this.limits.maxTaintLength)], {
      kind: 'secret',
      tool: 'secret',
      label,
    });
  }

  observeResult(session: string, source: Omit<TaintSource, 'kind'>, result: unknown): number {
    const tokens = resultTokens(resultText(result, this.limits.maxScanBytes), this.limits);
    return this.insert(session, tokens, { kind: 'result', ...source });
  }

  observeValues(session: string, source: Omit<TaintSource, 'kind'>, values: string[]): number {
    const kept = values
      .map((v) => v.slice(0, this.limits.maxTaintLength))
      .filter((v) => taintRefusal(v, this.limits) === null);
    return kept.length === 0 ? 0 : this.insert(session, kept, { kind: 'credential', ...source });
  }

  check(session: string, args: Record<string, unknown>): FlowCheck {
    const live = liveScope(this.db, session, this.limits, this.now());
    const scopes = (live ? [GLOBAL, session] : [GLOBAL])
      .map((s) => this.scopeIndex(s))
      .filter((s) => s !== null);
    const indexes = scopes.map((s) => s.index);
    // Fragments split across calls: the end of the last call is joined to this one's values, as
    // in process. Only kept while there is taint to find (with none, nothing can be joined).
    const key = this.keys.tailKey;
    const previous = scopes.length > 0 && live ? readTail(this.db, key, session) : '';
    const r = checkArguments(
      args,
      scopes,
      this.limits,
      (views) => matchViews(indexes, views),
      previous,
    );
    if (scopes.length > 0 && live)
      writeTail(
        this.db,
        key,
        session,
        (previous + joinedValues(args, CALL_JOIN * 4)).slice(-CALL_JOIN),
      );
    const full = this.db
      .prepare('SELECT 1 FROM meta WHERE k IN (?, ?) LIMIT 1')
      .get(FULL + GLOBAL, FULL + session);
    return { ...r, saturated: full !== undefined };
  }

  /** One transaction per registration: concurrent processes serialise on SQLite's write lock. */
  private insert(scope: string, values: string[], source: TaintSource): number {
    const now = this.now();
    const addValue = this.db.prepare(
      'INSERT INTO taint_value (scope, digest, kind, tool, label, chunked, used) VALUES (?, ?, ?, ?, ?, ?, ?) ' +
        'ON CONFLICT (scope, digest) DO UPDATE SET used = excluded.used RETURNING id',
    );
    const addPattern = this.db.prepare(
      'INSERT INTO taint_pattern (value_id, scope, fp, encoding, chunk, length, macs) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const exists = this.db.prepare('SELECT 1 FROM taint_pattern WHERE value_id = ? LIMIT 1');
    const known = this.db.prepare('SELECT 1 FROM taint_value WHERE scope = ? AND digest = ?');
    const run = this.db.transaction(() => {
      // An expired session (this one included) goes before anything is added to it.
      expireScopes(this.db, this.limits, now);
      const fps: number[] = [];
      let added = 0;
      let count = this.db
        .prepare('SELECT count(*) FROM taint_value WHERE scope = ?')
        .pluck()
        .get(scope) as number;
      for (const text of values) {
        const bytes = Buffer.from(text, 'utf8');
        const digest = valueDigest(this.keys.confirmKey, bytes);
        if (known.get(scope, digest) === undefined) {
          // Fail closed: a full scope keeps what it has and is marked, never evicts (tracker.ts).
          if (count >= this.limits.maxValuesPerSession) {
            this.db
              .prepare('INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO NOTHING')
              .run(FULL + scope, '1');
            break;
          }
          count++;
        }
        const chunked = bytes.length > this.limits.longValue ? 1 : 0;
        const row = addValue.get(
          scope,
          digest,
          source.kind,
          source.tool,
          source.label,
          chunked,
          now,
        ) as { id: number };
        if (exists.get(row.id)) continue;
        added++;
        const forms = [bytes, ...valueParts(text, this.limits).map((t) => Buffer.from(t, 'utf8'))];
        for (const p of forms.flatMap((b) => patternsFor(b, this.limits))) {
          const fp = this.keys.hasher.at(p.bytes, 0);
          fps.push(fp);
          addPattern.run(
            row.id,
            scope,
            fp,
            p.encoding,
            p.chunk,
            p.bytes.length,
            windowMacs(this.keys.confirmKey, p.bytes),
          );
        }
      }
      if (fps.length > 0) this.updateFilter(scope, fps);
      touchScope(this.db, scope, now);
      trimScopes(this.db, this.limits);
      return added;
    });
    return run.immediate();
  }

  /** Adds fingerprints to the scope's filter; rebuilds it only when it must grow. */
  private updateFilter(scope: string, fps: number[]): void {
    const count = (
      this.db.prepare('SELECT count(*) AS n FROM taint_pattern WHERE scope = ?').get(scope) as {
        n: number;
      }
    ).n;
    const stored = this.db.prepare('SELECT bits FROM taint_filter WHERE scope = ?').get(scope) as
      { bits: Buffer } | undefined;
    let filter = stored ? filterFromBytes(stored.bits) : null;
    const words = filterWords(count * 2);
    if (!filter || filter.length < words) {
      filter = new Uint32Array(words);
      const all = this.db
        .prepare('SELECT fp FROM taint_pattern WHERE scope = ?')
        .pluck()
        .all(scope) as number[];
      for (const fp of all) filterAdd(filter, fp);
    } else {
      for (const fp of fps) filterAdd(filter, fp);
    }
    this.db
      .prepare(
        'INSERT INTO taint_filter (scope, bits) VALUES (?, ?) ON CONFLICT (scope) DO UPDATE SET bits = excluded.bits',
      )
      .run(scope, Buffer.from(filter.buffer, filter.byteOffset, filter.byteLength));
  }

  private scopeIndex(scope: string): (IndexedTaint & { index: MatchIndex }) | null {
    const stored = this.db.prepare('SELECT bits FROM taint_filter WHERE scope = ?').get(scope) as
      { bits: Buffer } | undefined;
    const filter = stored ? filterFromBytes(stored.bits) : null;
    if (!filter) return null;
    const byFp = this.db.prepare(
      'SELECT id, value_id, encoding, chunk, length, macs FROM taint_pattern WHERE scope = ? AND fp = ?',
    );
    const valueOf = this.db.prepare(
      'SELECT kind, tool, label, chunked FROM taint_value WHERE id = ?',
    );
    const patterns = new Map<number, PatternRow>();
    const candidates = new Map<number, number[]>();
    const key = this.keys.confirmKey;
    const index: MatchIndex = {
      hasher: this.keys.hasher,
      filter,
      candidates(fp) {
        let ids = candidates.get(fp);
        if (!ids) {
          const rows = byFp.all(scope, fp) as PatternRow[];
          for (const r of rows) patterns.set(r.id, r);
          ids = rows.map((r) => r.id);
          candidates.set(fp, ids);
        }
        return ids;
      },
      confirm(id, bytes, start) {
        const p = patterns.get(id);
        return p !== undefined && confirmWindows(key, p.macs, p.length, bytes, start);
      },
      describe(id): PatternRef {
        const p = patterns.get(id);
        if (!p) throw new GuardError('flow_pattern_unknown', `no pattern ${id}`);
        return { valueId: p.value_id, encoding: p.encoding, chunk: p.chunk };
      },
    };
    return {
      index,
      sourceOf(id) {
        const v = valueOf.get(id) as ValueRow | undefined;
        return (
          v && { source: { kind: v.kind, tool: v.tool, label: v.label }, chunked: v.chunked === 1 }
        );
      },
    };
  }
}

/** How often an open that met another process's first open is tried (about 1 s in all). */

/** Pragmas, tables and the schema check of a flow store just opened. */
function openFlowDb(db: Database.Database, path: string): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.exec(FLOW_STORE_DDL);
  const schemaOf = db.prepare('SELECT v FROM meta WHERE k = ?').pluck();
  const stored = schemaOf.get('schema') as string | undefined;
  if (stored !== undefined && Number(stored) > FLOW_STORE_SCHEMA)
    throw new GuardError(
      'flow_store_schema_newer',
      `${path}: schema ${stored} is newer than this mesh understands (${FLOW_STORE_SCHEMA})`,
    );
  if (stored === undefined || Number(stored) < FLOW_STORE_SCHEMA)
    // Under the write lock, so two processes opening an old store migrate it once.
    db.transaction(() => {
      const v = schemaOf.get('schema') as string | undefined;
      if (v !== undefined && Number(v) < 2) db.exec(FLOW_STORE_MIGRATE_1_2);
      db.prepare(
        'INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v',
      ).run('schema', String(FLOW_STORE_SCHEMA));
    }).immediate();
}
