// RFC 1035 query names: round trip, truncation and bad labels refused, labels reassembled per flow.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DnsReassembler, encodeDnsQuery, parseDnsQuery, SensorError } from '../../bpf/index.js';
import { FC_RUNS } from '../support/env.js';

const label = fc.string({
  minLength: 1,
  maxLength: 63,
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'.split('')),
});
const name = fc.array(label, { minLength: 1, maxLength: 3 });

function tcp(msg: Uint8Array): Uint8Array {
  return new Uint8Array([msg.length >> 8, msg.length & 0xff, ...msg]);
}

describe('parseDnsQuery', () => {
  it('round-trips query names over UDP and TCP framing', () => {
    fc.assert(
      fc.property(name, fc.integer({ min: 0, max: 0xffff }), (labels, id) => {
        const q = encodeDnsQuery(labels, id);
        expect(parseDnsQuery(q)).toEqual(labels);
        expect(parseDnsQuery(tcp(q), true)).toEqual(labels);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('rejects every truncation', () => {
    fc.assert(
      fc.property(name, fc.nat(), (labels, cut) => {
        const q = encodeDnsQuery(labels);
        const at = cut % q.length;
        expect(() => parseDnsQuery(q.subarray(0, at))).toThrow(SensorError);
        const t = tcp(q);
        expect(() => parseDnsQuery(t.subarray(0, cut % t.length), true)).toThrow(SensorError);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('rejects a TCP frame whose prefix claims more than it carries (extension of the length)', () => {
    fc.assert(
      fc.property(name, fc.integer({ min: 1, max: 100 }), (labels, extra) => {
        const q = encodeDnsQuery(labels);
        const n = q.length + extra;
        expect(() => parseDnsQuery(new Uint8Array([n >> 8, n & 0xff, ...q]), true)).toThrow(
          SensorError,
        );
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('rejects compression pointers, zero questions and over-long names', () => {
    const q = encodeDnsQuery(['abc', 'test']);
    const ptr = Uint8Array.from(q);
    ptr[12] = 0xc0;
    expect(() => parseDnsQuery(ptr)).toThrow(/compression/);
    const none = Uint8Array.from(q);
    none[5] = 0;
    expect(() => parseDnsQuery(none)).toThrow(/no question/);
    const long = encodeDnsQuery(Array.from({ length: 5 }, () => 'a'.repeat(63)));
    expect(() => parseDnsQuery(long)).toThrow(/255/);
  });
});

describe('DnsReassembler', () => {
  it('joins the smuggled labels of one flow in order, and keeps flows apart', () => {
    const r = new DnsReassembler();
    r.push('a', ['sk-live-9fQ2', 'evil', 'test']);
    r.push('b', ['unrelated', 'evil', 'test']);
    expect(r.push('a', ['xL7pZ3mK8', 'evil', 'test'])).toBe('sk-live-9fQ2xL7pZ3mK8');
  });

  it('bounds each flow to its window', () => {
    const r = new DnsReassembler(16);
    for (let i = 0; i < 10; i++) r.push('f', [`chunk${i}`, 'x', 'y']);
    expect(r.push('f', ['end', 'x', 'y'])).toHaveLength(16);
  });
});
