// `mesh reviews list|approve|reject|mark-fp`: the durable review queue of escalated calls.
import type { Command } from 'commander';
import type { ReviewQueue } from '../../../guard/index.js';
import {
  agentCallMarker,
  GuardError,
  type Review,
  type ReviewStatus,
} from '../../../guard/index.js';
import { UsageError } from '../../errors.js';
import { openReviews } from '../../guard/hook-service.js';
import { contextFor, type CommandContext } from '../context.js';

const STATUSES: readonly ReviewStatus[] = ['pending', 'asked', 'approved', 'rejected', 'expired'];

function openQueue(ctx: CommandContext): ReviewQueue {
  return openReviews({ stateRoot: ctx.stateRoot, state: () => ctx.state() });
}

function line(r: Review): string {
  const when = new Date(r.created).toISOString();
  const at = r.attributedTo === null ? '' : ` [${r.attributedTo}]`;
  const votes = r.quorum > 1 ? `  (${r.approvals.length}/${r.quorum} approvals)` : '';
  const call = r.preview === null ? '' : `\n    ${r.preview.slice(0, 160)}`;
  return `${r.id}  ${r.status.padEnd(8)}  ${when}  ${r.frontDoor.padEnd(11)}  ${r.tool}  ${r.rule}: ${r.reason}${at}${votes}${call}`;
}

function detail(r: Review): string {
  return [
    `review ${r.id}: ${r.status}${r.tampered === true ? ' (TAMPERED: changed outside mesh, it never approves)' : ''}`,
    `  call      ${r.tool} (session ${r.session || '-'}, ${r.frontDoor})`,
    `  arguments ${r.preview ?? '(no preview recorded; digest only)'}`,
    `  digest    sha256 ${r.argsDigest}`,
    `  rule      ${r.rule}: ${r.reason}${r.attributedTo === null ? '' : ` [${r.attributedTo}]`}`,
    `  created   ${new Date(r.created).toISOString()}, expires ${new Date(r.expires).toISOString()}`,
    `  quorum    ${r.quorum}; approved by ${r.approvals.length > 0 ? r.approvals.join(', ') : 'nobody yet'}`,
    ...(r.decided === null
      ? [
          `  decide    mesh reviews approve ${r.id} --by NAME  |  mesh reviews reject ${r.id} --by NAME`,
        ]
      : [
          `  decided   ${new Date(r.decided).toISOString()} by ${r.approver ?? '-'}${r.note ? ` (${r.note})` : ''}`,
        ]),
  ].join('\n');
}

function withQueue<T>(
  cmd: Command,
  opts: { json?: boolean },
  f: (q: ReviewQueue, ctx: CommandContext) => T,
): T {
  const ctx = contextFor(cmd, opts);
  const q = openQueue(ctx);
  try {
    return f(q, ctx);
  } finally {
    q.close();
  }
}

export function registerReviews(program: Command): void {
  const group = program
    .command('reviews')
    .description('escalated calls waiting for a human, and false-positive sightings');

  group
    .command('list')
    .description('list reviews (all, or one status)')
    .option('--status <status>', `only this status (${STATUSES.join(', ')})`)
    .option('--json', 'print one JSON object')
    .action((opts: { status?: string; json?: boolean }, cmd: Command) => {
      if (opts.status !== undefined && !(STATUSES as readonly string[]).includes(opts.status))
        throw new UsageError(
          `unknown status "${opts.status}"`,
          `use one of ${STATUSES.join(', ')}`,
        );
      withQueue(cmd, opts, (q, ctx) => {
        const reviews = q.list(opts.status as ReviewStatus | undefined);
        ctx.out.result({ reviews }, (r) =>
          r.reviews.length === 0 ? 'no reviews' : r.reviews.map(line).join('\n'),
        );
      });
    });

  group
    .command('show <id>')
    .description('one review in full: the masked preview of the exact call, its rule, who approved')
    .option('--json', 'print one JSON object')
    .action((id: string, opts: { json?: boolean }, cmd: Command) => {
      withQueue(cmd, opts, (q, ctx) => {
        const review = q.get(id);
        if (review === undefined)
          throw new GuardError('review_not_found', `no review ${id}; run \`mesh reviews list\``);
        ctx.out.result({ review }, (r) => detail(r.review));
      });
    });

  group
    .command('watch')
    .description('print each new pending review as it appears (until interrupted, or --for)')
    .option('--interval <ms>', 'how often to look', '1000')
    .option('--for <seconds>', 'stop after this many seconds')
    .option('--json', 'one JSON object per review, one per line')
    .action(async (opts: { interval: string; for?: string; json?: boolean }, cmd: Command) => {
      const every = Number(opts.interval);
      const limit = opts.for === undefined ? Infinity : Number(opts.for) * 1000;
      if (!Number.isSafeInteger(every) || every < 50)
        throw new UsageError('--interval must be an integer of at least 50 ms');
      if (!(limit > 0)) throw new UsageError('--for must be a positive number of seconds');
      const ctx = contextFor(cmd, opts);
      const q = openQueue(ctx);
      const seen = new Set<string>();
      const state = { stop: false };
      const end = (): void => {
        state.stop = true;
      };
      process.once('SIGINT', end);
      process.once('SIGTERM', end);
      const until = Date.now() + limit;
      try {
        ctx.out.progress('watching for pending reviews (Ctrl-C to stop)');
        while (!state.stop && Date.now() < until) {
          for (const r of q.list('pending'))
            if (!seen.has(r.id)) {
              seen.add(r.id);
              process.stdout.write(`${opts.json === true ? JSON.stringify(r) : line(r)}\n`);
            }
          await new Promise((done) =>
            setTimeout(done, Math.min(every, Math.max(0, until - Date.now()))),
          );
        }
      } finally {
        process.off('SIGINT', end);
        process.off('SIGTERM', end);
        q.close();
      }
    });

  for (const [name, outcome] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    group
      .command(`${name} <id>`)
      .description(
        `${name} a waiting call; the approval binds to that exact call (tool, args, session, rule)`,
      )
      .option('--by <name>', 'who decides (recorded on the review)', process.env.USER ?? 'operator')
      .option('--note <text>', 'why')
      .option('--json', 'print one JSON object')
      .action((id: string, opts: { by: string; note?: string; json?: boolean }, cmd: Command) => {
        const marker = agentCallMarker(process.env);
        if (marker !== null)
          throw new GuardError(
            'review_self_approval',
            `mesh reviews ${name} runs inside an agent's tool call (${marker} is set): the agent would decide its own review`,
          );
        withQueue(cmd, opts, (q, ctx) => {
          const review = q.decide(id, outcome, opts.by, opts.note);
          ctx.out.result({ review }, (r) => line(r.review));
        });
      });
  }

  group
    .command('mark-fp <ref>')
    .description(
      'record a false-positive sighting of a decision (a review id, or a receipt hash with --rule)',
    )
    .option('--rule <id>', 'the rule that fired (taken from the review when REF is a review id)')
    .option('--note <text>', 'why it was a false positive')
    .option('--json', 'print one JSON object')
    .action((ref: string, opts: { rule?: string; note?: string; json?: boolean }, cmd: Command) => {
      withQueue(cmd, opts, (q, ctx) => {
        const rule = opts.rule ?? q.get(ref)?.rule;
        if (rule === undefined || rule === '')
          throw new UsageError(`no review ${ref} to take the rule from`, 'give --rule RULE_ID');
        const sighting = q.markFalsePositive(rule, ref, opts.note);
        ctx.out.result(
          { sighting },
          (r) => `false positive recorded for ${r.sighting.rule} (${r.sighting.ref})`,
        );
      });
    });
}
