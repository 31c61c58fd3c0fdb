// docs/operator.md "Where pending reviews are announced": the notification command gets the review's
// masked summary (never the raw arguments: the preview the queue stores is already masked) as JSON on
// stdin and in MESH_REVIEW_* variables. It runs under a detached supervisor that kills it after the
// configured time, so neither a slow nor a failing command ever holds up the guard, whose process
// may have answered and exited long before.
import { spawn } from 'node:child_process';
import type { Review } from '../../guard/index.js';
import type { NotifyConfig } from './notify-config.js';

/** What the notification command is told: the review as `mesh reviews show` prints it. */
export function reviewSummary(r: Review): Record<string, string | number | null> {
  return {
    id: r.id,
    tool: r.tool,
    rule: r.rule,
    reason: r.reason,
    front_door: r.frontDoor,
    attributed_to: r.attributedTo,
    preview: r.preview,
    quorum: r.quorum,
    created: new Date(r.created).toISOString(),
    expires: new Date(r.expires).toISOString(),
    approve: `mesh reviews approve ${r.id} --by NAME`,
    reject: `mesh reviews reject ${r.id} --by NAME`,
  };
}

/** The supervisor: runs argv[1..] with stdin from its own, kills it (and exits) after MESH_NOTIFY_MS. */
const SUPERVISOR = `
const { spawn } = require('node:child_process');
const [cmd, ...args] = JSON.parse(process.env.MESH_NOTIFY_ARGV);
const c = spawn(cmd, args, { stdio: ['pipe', 'ignore', 'ignore'] });
const t = setTimeout(() => { try { c.kill('SIGKILL'); } catch {} process.exit(0); }, Number(process.env.MESH_NOTIFY_MS));
c.on('error', () => process.exit(0));
c.on('exit', () => { clearTimeout(t); process.exit(0); });
c.stdin.on('error', () => {});
process.stdin.pipe(c.stdin);
`;

/**
 * Starts the notification for a pending review and returns at once; any failure is logged, never thrown.
 * @example notifyPending({ command: ['notify-send', 'mesh'], timeoutSeconds: 5 }, review, console.error)
 */
export function notifyPending(cfg: NotifyConfig, r: Review, log: (line: string) => void): void {
  const summary = reviewSummary(r);
  const line = `${r.tool} held by ${r.rule} (review ${r.id})`;
  try {
    const child = spawn(process.execPath, ['-e', SUPERVISOR], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
      env: {
        ...process.env,
        MESH_NOTIFY_ARGV: JSON.stringify(cfg.command),
        MESH_NOTIFY_MS: String(cfg.timeoutSeconds * 1000),
        MESH_REVIEW_ID: r.id,
        MESH_REVIEW_TOOL: r.tool,
        MESH_REVIEW_RULE: r.rule,
        MESH_REVIEW_SUMMARY: line,
      },
    });
    child.on('error', (e) => {
      log(`mesh guard: review notification failed: ${e.message}`);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${JSON.stringify(summary)}\n`);
    child.unref();
  } catch (e) {
    log(`mesh guard: review notification failed: ${(e as Error).message}`);
  }
}
