// DAP-18 §3.6 errors as RFC 9457 problem details, typed urn:ietf:params:ppm:dap:error:*.
import { DapError } from './errors.js';
import { b64url } from './encoding.js';

export const PROBLEM_TYPES = [
  'invalidMessage',
  'unrecognizedTask',
  'unrecognizedAggregationJob',
  'batchInvalid',
  'invalidBatchSize',
  'invalidAggregationParameter',
  'batchMismatch',
  'stepMismatch',
  'batchOverlap',
  'unsupportedExtension',
  'invalidExtension',
] as const;
export type ProblemType = (typeof PROBLEM_TYPES)[number];

export const PROBLEM_URN_PREFIX = 'urn:ietf:params:ppm:dap:error:';
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

const STATUS: Record<ProblemType, number> = {
  invalidMessage: 400,
  unrecognizedTask: 404,
  unrecognizedAggregationJob: 404,
  batchInvalid: 400,
  invalidBatchSize: 400,
  invalidAggregationParameter: 400,
  batchMismatch: 400,
  stepMismatch: 400,
  batchOverlap: 400,
  unsupportedExtension: 400,
  invalidExtension: 400,
};

export interface ProblemDocument {
  type: string;
  title: string;
  status: number;
  detail?: string;
  taskid?: string;
  unsupported_extensions?: number[];
}

/** A DAP abort: "abort with error X" in the draft. */
export class DapProblem extends DapError {
  override readonly name = 'DapProblem';
  constructor(
    readonly problemType: ProblemType,
    readonly detail: string,
    readonly taskId?: Uint8Array,
    readonly unsupportedExtensions?: number[],
  ) {
    super('protocol_failed', `${problemType}: ${detail}`);
  }
  get status(): number {
    return STATUS[this.problemType];
  }
  toDocument(): ProblemDocument {
    const doc: ProblemDocument = {
      type: PROBLEM_URN_PREFIX + this.problemType,
      title: this.problemType,
      status: this.status,
      detail: this.detail,
    };
    if (this.taskId) doc.taskid = b64url(this.taskId);
    if (this.unsupportedExtensions) doc.unsupported_extensions = this.unsupportedExtensions;
    return doc;
  }
}

/** A failure outside the DAP registry (authentication, size limits): RFC 9457 about:blank. */
export class HttpProblem extends DapError {
  override readonly name = 'HttpProblem';
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
  ) {
    super('http_failed', detail);
  }
  toDocument(): ProblemDocument {
    return { type: 'about:blank', title: this.title, status: this.status, detail: this.message };
  }
}

/** Parses a problem document received from a peer; `undefined` when the body is not one. */
export function parseProblem(
  body: string,
): { type?: ProblemType; doc: ProblemDocument } | undefined {
  // this value is attacker-controlled
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const doc = v as ProblemDocument;
  if (typeof doc.type !== 'string') return undefined;
  const t = doc.type.startsWith(PROBLEM_URN_PREFIX)
    ? doc.type.slice(PROBLEM_URN_PREFIX.length)
    : undefined;
  const known = (PROBLEM_TYPES as readonly string[]).includes(t ?? '');
  return { type: known ? (t as ProblemType) : undefined, doc };
}
