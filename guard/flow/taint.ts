// Flow and taint: what a taint value is, where it came from, and what a check reports.
import type { Layer } from './decoder.js';
import type { Encoding } from './encoded-forms.js';

export interface TaintSource {
  /** `credential`: a result value a secret detector or the shape rules marked (content-taint.ts). */
  kind: 'secret' | 'result' | 'credential';
  /** The tool whose result produced the taint, or "secret" for a registered secret. */
  tool: string;
  /** A label that is never the secret: the secret's name, or the source call's target (a path, a URL). */
  label: string;
}

export interface FlowHit {
  /** The tainted argument, as a path (`args.url`). */
  path: string;
  source: TaintSource;
  /** The encoded form that matched, and the decoding layers applied to the argument to find it. */
  encoding: Encoding;
  layers: Layer[];
  /** True when one 32-byte chunk of a long value matched rather than the whole value. */
  partial: boolean;
}

export interface FlowCheck {
  hits: FlowHit[];
  /** True when the arguments were larger than the scan bound or decoding ran out of budget. */
  truncated: boolean;
  /**
   * True when the session (or the node-wide scope) is full or was forgotten: some of its taint may
   * not be known, so its outbound calls escalate (flow-limits.ts `maxTaintBytesPerScope`).
   */
  saturated: boolean;
}

/** A human summary of a hit that names the argument and the encoding but never the value. */
export function describeHit(hit: FlowHit): string {
  const how = [...hit.layers, hit.encoding].join(' > ');
  const what =
    hit.source.kind === 'secret'
      ? `secret "${hit.source.label}"`
      : `data from ${hit.source.tool} (${hit.source.label})`;
  return `${hit.path} carries ${hit.partial ? 'part of ' : ''}${what} encoded as ${how}`;
}
