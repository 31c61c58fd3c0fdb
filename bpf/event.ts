// Loader NDJSON (bpf/src/emit.c, protocol LOADER_PROTOCOL): each line decoded with explicit bounds.
import { SensorError } from './errors.js';

/** The kernel's per-record capture cap (SENSOR_CAP in bpf/src/sensor.h). */
export const SENSOR_CAP = 4096;
/** The longest loader line accepted: a full record in base64 plus its header fields. */
export const MAX_LINE_BYTES = 16_384;

export const EVENT_KINDS = [
  'connect',
  'send',
  'open',
  'fork',
  'exec',
  'exit',
  'tls',
  'egress',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const FLAG_TRUNCATED = 1;
export const FLAG_READ_ERROR = 2;
export const FLAG_DENIED = 4;
export const FLAG_EXPLICIT_ADDR = 8;
export const FLAG_DNS = 16;

export interface SensorEvent {
  type: EventKind;
  src: string;
  pid: number;
  tid: number;
  ppid: number;
  /** Start of the process in ns since boot (start_boottime): with pid, names one process. */
  start: number;
  cgroup: number;
  watch: number;
  ts: number;
  fd: number;
  ret: number;
  total: number;
  flags: number;
  family?: 4 | 6;
  daddr?: string;
  dport?: number;
  sock?: 'stream' | 'dgram' | 'other';
  comm: string;
  data: Uint8Array;
}

export type LoaderMessage =
  | { type: 'event'; event: SensorEvent }
  | { type: 'features'; features: Record<string, { ok: boolean; reason?: string }> }
  | { type: 'ready'; pid: number; ringbufBytes: number }
  | { type: 'uprobe'; path: string; func: string; ok: boolean; reason?: string }
  | { type: 'ack'; id: string; ok: boolean; error?: string }
  | { type: 'health'; health: SensorHealth }
  | { type: 'fatal'; error: string; reason: string };

export interface SensorHealth {
  events: number;
  drops: number;
  readErrors: number;
  truncated: number;
  denied: number;
  ringbufBytes: number;
  cap: number;
  linesOut: number;
}

const SOCKS = new Set(['stream', 'dgram', 'other']);
const B64 = /^[A-Za-z0-9+/]*={0,2}$/;

function bad(what: string): never {
  throw new SensorError('event_invalid', `loader line rejected: ${what}`);
}

function uint(o: Record<string, unknown>, k: string, max = Number.MAX_SAFE_INTEGER): number {
  const v = o[k];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > max) bad(`field ${k}`);
  return v;
}

function int(o: Record<string, unknown>, k: string): number {
  const v = o[k];
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) bad(`field ${k}`);
  return v;
}

function str(o: Record<string, unknown>, k: string, max: number): string {
  const v = o[k];
  if (typeof v !== 'string' || v.length > max) bad(`field ${k}`);
  return v;
}

function decodeData(o: Record<string, unknown>): Uint8Array {
  const len = uint(o, 'len', SENSOR_CAP);
  const b64 = str(o, 'data', Math.ceil(SENSOR_CAP / 3) * 4);
  if (b64.length % 4 !== 0 || !B64.test(b64)) bad('data is not base64');
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length !== len) bad('data length differs from len');
  return new Uint8Array(bytes);
}

function parseEvent(type: EventKind, o: Record<string, unknown>): SensorEvent {
  const ev: SensorEvent = {
    type,
    src: str(o, 'src', 16),
    pid: uint(o, 'pid', 0xffffffff),
    tid: uint(o, 'tid', 0xffffffff),
    ppid: uint(o, 'ppid', 0xffffffff),
    start: uint(o, 'start'),
    cgroup: uint(o, 'cgroup'),
    watch: uint(o, 'watch', 0xffffffff),
    ts: uint(o, 'ts'),
    fd: uint(o, 'fd', 0xffffffff),
    ret: int(o, 'ret'),
    total: uint(o, 'total'),
    flags: uint(o, 'flags', 0xffff),
    comm: str(o, 'comm', 16 * 6),
    data: decodeData(o),
  };
  if (o.family !== undefined) {
    const family = uint(o, 'family', 6);
    if (family !== 4 && family !== 6) bad('family');
    ev.family = family;
    ev.daddr = str(o, 'daddr', 46);
    ev.dport = uint(o, 'dport', 0xffff);
    const sock = str(o, 'sock', 6);
    if (!SOCKS.has(sock)) bad('sock');
    ev.sock = sock as 'stream' | 'dgram' | 'other';
  }
  return ev;
}

function parseFeatures(
  o: Record<string, unknown>,
): Record<string, { ok: boolean; reason?: string }> {
  const f = o.features;
  if (typeof f !== 'object' || f === null || Array.isArray(f)) bad('features');
  const out: Record<string, { ok: boolean; reason?: string }> = {};
  const entries = Object.entries(f as Record<string, unknown>);
  if (entries.length > 64) bad('too many features');
  for (const [name, v] of entries) {
    if (typeof v !== 'object' || v === null) bad('feature');
    const r = v as Record<string, unknown>;
    if (typeof r.ok !== 'boolean') bad('feature.ok');
    out[name] = r.reason === undefined ? { ok: r.ok } : { ok: r.ok, reason: str(r, 'reason', 200) };
  }
  return out;
}

/** Decodes one loader line; this value is attacker-influenced (payloads come from watched code). */
export function parseLoaderLine(line: string): LoaderMessage {
  if (line.length > MAX_LINE_BYTES) bad('line too long');
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    bad('not JSON');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) bad('not an object');
  const o = v as Record<string, unknown>;
  const type = o.type;
  if ((EVENT_KINDS as readonly unknown[]).includes(type))
    return { type: 'event', event: parseEvent(type as EventKind, o) };
  switch (type) {
    case 'features':
      return { type, features: parseFeatures(o) };
    case 'ready':
      return { type, pid: uint(o, 'pid'), ringbufBytes: uint(o, 'ringbuf_bytes') };
    case 'uprobe': {
      const m = { type, path: str(o, 'path', 4096), func: str(o, 'func', 64) } as const;
      if (typeof o.ok !== 'boolean') bad('uprobe.ok');
      return o.reason === undefined
        ? { ...m, ok: o.ok }
        : { ...m, ok: o.ok, reason: str(o, 'reason', 200) };
    }
    case 'ack': {
      if (typeof o.ok !== 'boolean') bad('ack.ok');
      const id = str(o, 'id', 64);
      return o.error === undefined
        ? { type, id, ok: o.ok }
        : { type, id, ok: o.ok, error: str(o, 'error', 200) };
    }
    case 'health':
      return {
        type,
        health: {
          events: uint(o, 'events'),
          drops: uint(o, 'drops'),
          readErrors: uint(o, 'read_errors'),
          truncated: uint(o, 'truncated'),
          denied: uint(o, 'denied'),
          ringbufBytes: uint(o, 'ringbuf_bytes'),
          cap: uint(o, 'cap', SENSOR_CAP),
          linesOut: uint(o, 'lines_out'),
        },
      };
    case 'fatal':
      return { type, error: str(o, 'error', 200), reason: str(o, 'reason', 200) };
    default:
      return bad('unknown type');
  }
}
