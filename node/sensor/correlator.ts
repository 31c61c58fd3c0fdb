// The kill path: each egress excerpt goes to guard's taint matcher; a hit kills the watched tree at
// once, then records the BLOCK decision (action "killed") for receipts.
import type { ReceiptSink } from '../../guard/index.js';
import type { SensorEvent, SessionMap } from '../../bpf/index.js';
import type { Containment } from './containment.js';
import { ExcerptBuilder } from './excerpt.js';
import type { TaintMatcher } from './matcher.js';
import { killedVerdict, SENSOR_RULE, type SensorVerdict } from './verdict.js';

export interface CorrelatorOptions {
  matcher: TaintMatcher;
  containment: Containment;
  /** The session events fall into when (pid, start) maps to none. */
  defaultSession: string;
  sessions?: SessionMap;
  /** Bytes of a flow's history joined to its next excerpt (covers encoded forms split in two). */
  overlap?: number;
  receipts?: ReceiptSink;
  onVerdict: (verdict: SensorVerdict) => void;
}

export class Correlator {
  private readonly excerpts: ExcerptBuilder;
  private readonly writes: Promise<unknown>[] = [];
  checked = 0;

  constructor(private readonly opts: CorrelatorOptions) {
    this.excerpts = new ExcerptBuilder(opts.overlap ?? 1024);
  }

  handle(ev: SensorEvent): SensorVerdict | null {
    const { containment } = this.opts;
    containment.observe(ev);
    if (ev.type === 'fork') this.opts.sessions?.inherit(ev.pid, ev.ret, ev.start);
    const excerpt = this.excerpts.excerptOf(ev);
    if (!excerpt || containment.killed) return null;
    const started = process.hrtime.bigint();
    const session = this.opts.sessions?.lookup(ev.pid, ev.start) ?? null;
    this.checked++;
    const result = this.opts.matcher.check(session ?? this.opts.defaultSession, {
      [excerpt.channel]: excerpt.text,
    });
    const hit = result.hits[0];
    if (!hit) return null;
    // Kill first: everything after this line is bookkeeping while the tree is already dying.
    const outcome = containment.kill();
    const verdict = killedVerdict(ev, excerpt.channel, hit, session, outcome);
    const elapsedNs = Number(process.hrtime.bigint() - started);
    const { decision } = verdict;
    const write = this.opts.receipts?.append(
      {
        decision,
        hits: [
          {
            rule: SENSOR_RULE,
            verdict: 'block',
            reason: decision.reason,
            attributed_to: decision.attributed_to,
            status: 'active',
            detectors: ['sensor'],
          },
        ],
        elapsedNs,
      },
      {
        phase: 'call',
        tool: 'sensor',
        args: verdict.egress,
        session: session ?? this.opts.defaultSession,
      },
    );
    if (write) this.writes.push(Promise.resolve(write));
    this.opts.onVerdict(verdict);
    return verdict;
  }

  /** Waits until every receipt of this correlator is durably written; rejects if one failed. */
  async settle(): Promise<void> {
    await Promise.all(this.writes);
  }
}
