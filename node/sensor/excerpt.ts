// Egress excerpts per flow: each event's bytes joined to the tail of the flow's previous bytes, so a
// secret split across two writes (or DNS queries) is still one match.
import { DnsReassembler, FLAG_DNS, parseDnsQuery, type SensorEvent } from '../../bpf/index.js';

export interface Excerpt {
  flow: string;
  text: string;
  channel: 'socket' | 'tls' | 'dns';
}

const MAX_FLOWS = 4096;

export class ExcerptBuilder {
  private readonly tails = new Map<string, string>();
  private readonly dns = new DnsReassembler();

  /** `overlap`: bytes of a flow's previous data kept in front of the next excerpt. */
  constructor(private readonly overlap: number) {}

  /** The excerpt of one egress event, or null when the event carries no payload to check. */
  excerptOf(ev: SensorEvent): Excerpt | null {
    if ((ev.type !== 'send' && ev.type !== 'tls') || ev.data.length === 0) return null;
    // The payload is attacker-controlled: decoded leniently as text, bounded by the kernel cap.
    const text = Buffer.from(ev.data).toString('utf8');
    if (ev.type === 'send' && ev.flags & FLAG_DNS) {
      const flow = `${ev.pid}:dns:${ev.daddr ?? ''}`;
      try {
        const labels = parseDnsQuery(ev.data, ev.sock === 'stream');
        return { flow, text: this.dns.push(flow, labels), channel: 'dns' };
      } catch {
        return { flow, text, channel: 'dns' };
      }
    }
    const flow =
      ev.type === 'tls'
        ? `${ev.pid}:tls:${ev.tid}`
        : `${ev.pid}:fd${ev.fd}:${ev.daddr ?? ''}:${ev.dport ?? 0}`;
    const prev = this.tails.get(flow) ?? '';
    const joined = prev + text;
    if (!this.tails.has(flow) && this.tails.size >= MAX_FLOWS) {
      const oldest = this.tails.keys().next().value;
      if (oldest !== undefined) this.tails.delete(oldest);
    }
    this.tails.set(flow, joined.slice(-this.overlap));
    return { flow, text: joined, channel: ev.type === 'tls' ? 'tls' : 'socket' };
  }
}
