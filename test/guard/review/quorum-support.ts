// Shared by the quorum suites (test/guard/review/quorum.test.ts, test/node/review-quorum-cli.test.ts):
// a temporary node home, a held payment review, and a wait that reports "waiting" when it does not end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bindingOf, type CallBinding, type ReviewQueue } from '../../../guard/index.js';

const homes: string[] = [];

export function home(): string {
  const h = mkdtempSync(join(tmpdir(), 'mesh-quorum-'));
  homes.push(h);
  return h;
}

/** For afterAll: removes every home this module made. */
export function removeHomes(): void {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
}

export function ask(
  q: ReviewQueue,
  rule: string,
  amount: number,
): { id: string; binding: CallBinding } {
  const binding = bindingOf({ tool: 'mcp__bank__pay', args: { amount }, session: 's', rule });
  const r = q.request({
    ...binding,
    reason: 'payments need people',
    attributedTo: null,
    frontDoor: 'mcp',
    timeoutMs: 600_000,
  });
  return { id: r.id, binding };
}

export const settles = (q: ReviewQueue, id: string, b: CallBinding): Promise<string> =>
  Promise.race([
    q.wait(id, b, 10),
    new Promise<string>((d) =>
      setTimeout(() => {
        d('waiting');
      }, 300),
    ),
  ]);
