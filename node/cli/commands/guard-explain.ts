// `mesh guard explain --pack P... [--event FILE]`: each rule's effective verdict here and why, or one
// event's decision with the standing of each rule it matched (node/guard/explain.ts does the work).
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { explainEvaluation, explainPacks, type RuleExplanation } from '../../guard/explain.js';
import { UsageError } from '../../errors.js';
import { contextFor } from '../context.js';
import { addGuardFlags, MAX_EVENT_LINE, openGuard, type GuardFlags } from './guard.js';

function standingLine(s: RuleExplanation): string {
  const verdict = s.effective === s.published ? s.effective : `${s.published} -> ${s.effective}`;
  return `${s.pack}  ${s.id}  ${verdict}${s.shadow ? ' (shadow: reported, not enforced)' : ''}${
    s.why.length > 0 ? `\n    why: ${s.why.join('; ')}` : ''
  }`;
}

function readEvent(file: string): unknown {
  const bytes = readFileSync(file === '-' ? 0 : file);
  if (bytes.length > MAX_EVENT_LINE)
    throw new UsageError(`${file}: larger than ${MAX_EVENT_LINE} bytes`);
  try {
    // The event an agent made (or an operator copied from a receipt): parsed only, the guard decides it.
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch (e) {
    throw new UsageError(
      `${file}: not JSON (${(e as Error).message})`,
      'give one event as guard decide reads it',
      { cause: e },
    );
  }
}

/** Adds `mesh guard explain`. */
export function addGuardExplain(group: Command): void {
  addGuardFlags(
    group
      .command('explain')
      .description(
        "each rule's effective verdict here and why (ring ceiling, grant, shadow until when, local edit); with --event, one event's decision",
      )
      .option('--event <file>', 'one event as JSON (as mesh guard decide reads it; - for stdin)')
      .option('--json', 'print one JSON object'),
  ).action(async (opts: GuardFlags & { event?: string; json?: boolean }, cmd: Command) => {
    const ctx = contextFor(cmd, opts);
    if (opts.pack.length === 0)
      throw new UsageError('give at least one --pack', 'e.g. --pack mesh:coding-agent@canary');
    const standings = explainPacks(ctx.stateRoot, () => ctx.state().config, opts.pack);
    if (opts.event === undefined) {
      ctx.out.result({ rules: standings }, (r) => r.rules.map(standingLine).join('\n'));
      return;
    }
    const event = readEvent(opts.event);
    const opened = openGuard(ctx, { ...opts, receipts: false }, true);
    try {
      const x = explainEvaluation(await opened.guard.evaluate(event), standings);
      ctx.out.result(x, (r) =>
        [
          `decision ${r.decision.verdict}${r.decision.rule === null ? '' : ` by ${r.decision.rule}`}${r.decision.shadow ? ' (shadow)' : ''}: ${r.decision.reason}`,
          ...r.hits.map(
            (h) =>
              `  matched ${h.rule} ${h.verdict}${h.status === 'shadow' ? ' (shadow)' : ''}${
                h.standing === undefined
                  ? ''
                  : h.standing.why.length > 0
                    ? ` - ${h.standing.why.join('; ')}`
                    : ''
              }`,
          ),
        ].join('\n'),
      );
    } finally {
      opened.close();
    }
  });
}
