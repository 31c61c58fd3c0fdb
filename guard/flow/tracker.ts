// Flow and taint: the in-process tracker (library, MCP proxy): per-session, bounded by LRU.
import { createHash } from 'node:crypto';
import { GuardError } from '../errors.js';
import { checkArguments, resultText, type IndexedTaint } from './flow-check.js';
import { DEFAULT_FLOW_LIMITS, type FlowLimits } from './flow-limits.js';
import { Lru } from './lru.js';
import { matchSampled, MemoryIndex } from './memory-index.js';
import type { FlowCheck, TaintSource } from './taint.js';
import { resultTokens, taintRefusal } from './taint-policy.js';

interface Value {
  id: number;
  bytes: Uint8Array;
  source: TaintSource;
}

/** How much of the previous sensitive result's end is joined to the next one's start. */
const JOIN = 256;

class Scope implements IndexedTaint {
  readonly index: MemoryIndex;
  readonly values: Lru<string, Value>;
  readonly byId = new Map<number, Value>();
  dirty = false;
  tail = '';

  constructor(private readonly limits: FlowLimits) {
    this.index = new MemoryIndex(limits);
    this.values = new Lru(limits.maxValuesPerSession, (_k, v) => {
      this.byId.delete(v.id);
      this.dirty = true;
    });
  }

  sourceOf(id: number): { source: TaintSource; chunked: boolean } | undefined {
    const v = this.byId.get(id);
    return v && { source: v.source, chunked: v.bytes.length > this.limits.longValue };
  }

  add(id: number, text: string, source: TaintSource): boolean {
    const bytes = Buffer.from(text, 'utf8');
    const digest = createHash('sha256').update(bytes).digest('base64');
    if (this.values.get(digest)) return false;
    const v: Value = { id, bytes, source };
    this.values.set(digest, v);
    this.byId.set(id, v);
    if (!this.dirty) this.index.add(id, bytes);
    return true;
  }

  ready(): this {
    if (this.dirty) {
      this.index.rebuild(this.values.values());
      this.dirty = false;
    }
    return this;
  }
}

export interface FlowTracker {
  /** Registers a secret for one session, or for every session when `session` is omitted. */
  registerSecret(value: string, label: string, session?: string): void;
  /** Adds the high-entropy tokens of a sensitive result to the session's taint; returns how many. */
  observeResult(session: string, source: Omit<TaintSource, 'kind'>, result: unknown): number;
  /** Which arguments of an outbound call carry taint of this session (or a global secret). */
  check(session: string, args: Record<string, unknown>): FlowCheck;
}

export function createFlowTracker(limits: FlowLimits = DEFAULT_FLOW_LIMITS): FlowTracker {
  let nextId = 1;
  const global = new Scope(limits);
  const sessions = new Lru<string, Scope>(limits.maxSessions);
  const scope = (session: string): Scope => {
    let s = sessions.get(session);
    if (!s) {
      s = new Scope(limits);
      sessions.set(session, s);
    }
    return s;
  };
  return {
    registerSecret(value, label, session) {
      const why = taintRefusal(value, limits);
      if (why !== null)
        throw new GuardError('taint_refused', `secret "${label}" cannot be taint: ${why}`);
      const target = session === undefined ? global : scope(session);
      target.add(nextId++, value.slice(0, limits.maxTaintLength), {
        kind: 'secret',
        tool: 'secret',
        label,
      });
    },
    observeResult(session, source, result) {
      const s = scope(session);
      const text = resultText(result, limits.maxScanBytes);
      const joined = s.tail + text.slice(0, JOIN);
      s.tail = text.slice(-JOIN);
      let added = 0;
      for (const token of new Set([
        ...resultTokens(text, limits),
        ...resultTokens(joined, limits),
      ])) {
        if (s.add(nextId++, token, { kind: 'result', ...source })) added++;
      }
      return added;
    },
    check(session, args) {
      const s = sessions.get(session);
      // Only scopes holding taint are scanned: most calls have one (the session's or the node's).
      const scopes = (s ? [global.ready(), s.ready()] : [global.ready()]).filter(
        (x) => x.index.patternCount > 0,
      );
      const indexes = scopes.map((x) => x.index);
      return checkArguments(args, scopes, limits, (views) => matchSampled(indexes, views));
    },
  };
}
