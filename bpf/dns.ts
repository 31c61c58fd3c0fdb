// RFC 1035 §4.1 query parsing (QNAME labels of the first question) and per-flow label reassembly.
import { SensorError } from './errors.js';

const MAX_LABELS = 127;
const MAX_NAME = 255;

function bad(what: string): never {
  throw new SensorError('dns_invalid', `DNS query rejected: ${what}`);
}

/**
 * The labels of the first question of a DNS message; this value is attacker-controlled (the
 * watched process wrote it). Over TCP (RFC 1035 §4.2.2) the message has a two-byte length prefix.
 */
export function parseDnsQuery(bytes: Uint8Array, overTcp = false): string[] {
  let msg = bytes;
  if (overTcp) {
    if (msg.length < 2) bad('short TCP prefix');
    const n = ((msg[0] ?? 0) << 8) | (msg[1] ?? 0);
    msg = msg.subarray(2, 2 + n);
    if (msg.length !== n) bad('TCP length prefix beyond captured bytes');
  }
  if (msg.length < 12) bad('short header');
  const qd = ((msg[4] ?? 0) << 8) | (msg[5] ?? 0);
  if (qd < 1) bad('no question');
  const labels: string[] = [];
  let off = 12;
  let nameLen = 0;
  for (;;) {
    const len = msg[off];
    if (len === undefined) bad('name runs past the message');
    if (len === 0) break;
    if (len > 63) bad('label length or compression pointer in a query');
    if (labels.length >= MAX_LABELS) bad('too many labels');
    const end = off + 1 + len;
    if (end > msg.length) bad('label runs past the message');
    nameLen += len + 1;
    if (nameLen > MAX_NAME) bad('name longer than 255 octets');
    labels.push(Buffer.from(msg.subarray(off + 1, end)).toString('latin1'));
    off = end;
  }
  if (off + 5 > msg.length) bad('question lacks QTYPE/QCLASS');
  return labels;
}

/** Encodes a query for `labels` (tests and benchmarks build real packets with it). */
export function encodeDnsQuery(labels: string[], id = 0x1234): Uint8Array {
  const parts: number[] = [id >> 8, id & 0xff, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0];
  for (const l of labels) {
    const b = Buffer.from(l, 'latin1');
    if (b.length < 1 || b.length > 63) throw new RangeError('label length');
    parts.push(b.length, ...b);
  }
  parts.push(0, 0, 1, 0, 1);
  return new Uint8Array(parts);
}

/**
 * Reassembles what a flow smuggles in its query names: the labels left of the last `keepSuffix`
 * labels (the domain the sender controls), concatenated across queries, bounded to `window` bytes.
 */
export class DnsReassembler {
  private readonly flows = new Map<string, string>();

  constructor(
    private readonly window = 4096,
    private readonly keepSuffix = 2,
    private readonly maxFlows = 1024,
  ) {}

  push(flow: string, labels: string[]): string {
    const payload = labels.slice(0, Math.max(0, labels.length - this.keepSuffix)).join('');
    const prev = this.flows.get(flow) ?? '';
    const joined = (prev + payload).slice(-this.window);
    if (!this.flows.has(flow) && this.flows.size >= this.maxFlows) {
      const oldest = this.flows.keys().next().value;
      if (oldest !== undefined) this.flows.delete(oldest);
    }
    this.flows.set(flow, joined);
    return joined;
  }
}
