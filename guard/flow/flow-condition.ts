// Flow conditions: `{"flow": {"source": SEL, "sink": SEL}}` in the rule language, as the
// detector `flow` (the rule language's extension point for front doors). Selectors are globs, checked
// at load; a match names the tainted argument.
import { RE2JS } from 're2js';
import type { Detector, DetectorContext, Finding } from '../detectors/detector.js';
import { RuleError } from '../errors.js';
import { BoundedMemo } from './bounded-memo.js';
import type { GuardEvent } from '../event.js';
import { globToRegex, plainGlobBound } from '../rules/glob.js';
import { checkWithIssuers } from './issuer-check.js';
import type { Json } from '../rules/types.js';
import { describeHit, type FlowCheck, type FlowHit, type TaintSource } from './taint.js';
import type { FlowTracker } from './tracker.js';

export const FLOW_DETECTOR = 'flow';

/** A selector's globs as one RE2 program, compiled at its first match when no compile can fail. */
type Globs = () => RE2JS;

export interface SourceSelector {
  kind: 'secret' | 'result' | 'credential' | null;
  tool: Globs | null;
  label: Globs | null;
}

export interface SinkSelector {
  tool: Globs | null;
  arg: Globs | null;
}

export interface FlowParams {
  source: SourceSelector;
  sink: SinkSelector;
  /** `{"flow": {"saturated": true}}`: matches when the session's taint is full or was forgotten. */
  saturated: boolean;
}

type Obj = Record<string, Json>;

function isObj(v: Json | undefined): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// Rules repeat the same lists (the built-in flow rules share their sources): compile each list once.
// Reloads of changing packs in a long-lived process must not grow this without end.
const compiled = new BoundedMemo<string, RE2JS>(256);

function compileList(source: string): RE2JS {
  let re = compiled.get(source);
  if (re === undefined) {
    re = RE2JS.compile(source);
    compiled.set(source, re);
  }
  return re;
}

/**
 * A list of globs as one RE2 alternation: one compile per list, not per glob. A hook process loads
 * the flow rules on every call and re2js decodes its Unicode tables on its first compile, so a list
 * of plain globs (which always compiles, `plainGlobBound`) is compiled when it first meets a taint
 * (docs/guard.md "Hook start-up"); a list with a class is compiled, or refused, now.
 */
function globs(v: Json | undefined, path: string): Globs | null {
  if (v === undefined) return null;
  const list = typeof v === 'string' ? [v] : v;
  if (
    !Array.isArray(list) ||
    list.length === 0 ||
    list.length > 256 ||
    !list.every((g) => typeof g === 'string' && g.length > 0 && g.length <= 1024)
  )
    throw new RuleError(null, 'must be a glob or a non-empty list of at most 256 globs', path);
  const source = `^(?:${(list as string[]).map((g) => globToRegex(g).slice(1, -1)).join('|')})$`;
  if (!(list as string[]).every((g) => plainGlobBound(g) !== null)) {
    const re = compileList(source);
    return () => re;
  }
  let re: RE2JS | undefined;
  return () => (re ??= compileList(source));
}

function keys(o: Obj, allowed: readonly string[], path: string): void {
  for (const k of Object.keys(o))
    if (!allowed.includes(k))
      throw new RuleError(null, `unknown key (${allowed.join(', ')})`, `${path}.${k}`);
}

/** Validates a flow condition's body at load. This value is attacker-controlled when it came in a pack. */
export function parseFlowParams(doc: Obj | undefined, path: string): FlowParams {
  if (!isObj(doc))
    throw new RuleError(
      null,
      'a flow condition is an object with "source" and optionally "sink"',
      path,
    );
  keys(doc, ['source', 'sink', 'saturated'], path);
  if (doc.saturated !== undefined && doc.saturated !== true)
    throw new RuleError(null, 'must be true when present', `${path}.saturated`);
  const saturated = doc.saturated === true;
  const src = doc.source ?? (saturated ? {} : undefined);
  if (!isObj(src))
    throw new RuleError(
      null,
      'must be an object of kind, tool and label selectors',
      `${path}.source`,
    );
  keys(src, ['kind', 'tool', 'label'], `${path}.source`);
  const kind = src.kind;
  if (kind !== undefined && kind !== 'secret' && kind !== 'result' && kind !== 'credential')
    throw new RuleError(null, 'must be "secret", "result" or "credential"', `${path}.source.kind`);
  const sink = doc.sink ?? {};
  if (!isObj(sink))
    throw new RuleError(null, 'must be an object of tool and arg selectors', `${path}.sink`);
  keys(sink, ['tool', 'arg'], `${path}.sink`);
  return {
    source: {
      kind: kind ?? null,
      tool: globs(src.tool, `${path}.source.tool`),
      label: globs(src.label, `${path}.source.label`),
    },
    sink: { tool: globs(sink.tool, `${path}.sink.tool`), arg: globs(sink.arg, `${path}.sink.arg`) },
    saturated,
  };
}

const any = (re: Globs | null, s: string): boolean => re === null || re().testExact(s);

export function sourceMatches(sel: SourceSelector, src: TaintSource): boolean {
  return (
    (sel.kind === null || sel.kind === src.kind) &&
    any(sel.tool, src.tool) &&
    any(sel.label, src.label)
  );
}

function sinkMatches(sel: SinkSelector, event: GuardEvent, hit: FlowHit): boolean {
  return any(sel.tool, event.tool) && any(sel.arg, hit.path);
}

/**
 * The `flow` detector bound to a tracker. It remembers every source selector it validated, so the
 * flow stage (flow-stage.ts) registers as taint only results that some loaded rule treats as a source.
 */
export function flowDetector(
  tracker: FlowTracker,
  sources: SourceSelector[] = [],
): Detector<FlowParams> & { sources: SourceSelector[] } {
  // One outbound check per pass over an event, however many flow rules ask: a pass repeated once
  // the shell parser is loaded reads the command again (issuer-check.ts needs its hosts).
  const checks = new WeakMap<DetectorContext, FlowCheck>();
  return {
    name: FLOW_DETECTOR,
    sources,
    rewrites: () => false,
    parseParams(params, path) {
      const p = parseFlowParams(params, path);
      if (!p.saturated) sources.push(p.source);
      return p;
    },
    scan(_value: unknown, path: string, ctx: DetectorContext, params: FlowParams): Finding[] {
      const event = ctx.event;
      if (event.phase !== 'call') return [];
      let check = checks.get(ctx);
      if (!check) {
        check = checkWithIssuers(tracker, ctx);
        checks.set(ctx, check);
      }
      if (params.saturated)
        return check.saturated
          ? [{ path, reason: 'this session holds more taint than the guard can track' }]
          : [];
      return check.hits
        .filter(
          (h) =>
            (h.path === path || h.path.startsWith(`${path}.`) || h.path.startsWith(`${path}[`)) &&
            sourceMatches(params.source, h.source) &&
            sinkMatches(params.sink, event, h),
        )
        .map((h) => ({ path: h.path, reason: describeHit(h) }));
    },
  };
}
