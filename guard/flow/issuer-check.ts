// A tainted credential sent only to its own issuer's API (an OpenAI key read from `.env`, then
// typed into a request to api.openai.com) is its intended use: the call is checked again with
// such credentials blanked, so only the rest of what it carries counts (docs/guard.md "Credentials
// and their issuers"). Registered secrets may go nowhere, their issuers included.
import type { DetectorContext } from '../detectors/detector.js';
import { withoutIssuerBound } from '../detectors/secret-issuer-bound.js';
import { findSecrets } from '../detectors/secrets.js';
import { issuerFormatMatches } from '../egress/issuers.js';
import type { FlowCheck } from './taint.js';
import type { FlowTracker } from './tracker.js';
import { withoutLoadedEnv } from './env-issuer-request.js';
import { withoutIssuerContext } from './issuer-context.js';

/** The flow check of the event's call, with credentials bound to their issuers not counted. */
export function checkWithIssuers(tracker: FlowTracker, ctx: DetectorContext): FlowCheck {
  const { event } = ctx;
  const session = event.session ?? '';
  const full = tracker.check(session, event.args);
  const given = event.args.command;
  if (typeof given !== 'string' || !full.hits.some((h) => h.source.kind !== 'secret')) return full;
  // values bound to an issuer by their place (issuer-context.ts) are blanked first
  const command = withoutIssuerContext(given, ctx.shell(given)) ?? given;
  // keys in an issuer's format count even where the secret detector passes them over
  const formatted = issuerFormatMatches(command);
  const found = findSecrets(command);
  const extra = formatted.filter((f) => !found.some((m) => m.start < f.end && f.start < m.end));
  if (found.length === 0 && extra.length === 0) {
    const hits = withoutLoadedEnv(full.hits, ctx.shell(command), event.cwd);
    if (hits.length < full.hits.length) return { ...full, hits };
  }
  const masked = withoutIssuerBound(command, [...found, ...extra], ctx.shell(command));
  if (masked === null || masked === given) return full;
  const rest = tracker.check(session, { ...event.args, command: masked });
  return {
    ...full,
    hits: [
      ...full.hits.filter((h) => h.source.kind === 'secret'),
      ...rest.hits.filter((h) => h.source.kind !== 'secret'),
    ],
  };
}
