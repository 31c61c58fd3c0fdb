// docs/operator.md "Where pending reviews are announced": every review a queue opens as pending is
// handed to the configured notification command (node/reviews-notify/notify-run.ts), at every door
// that opens the node's queue (the hook service, the MCP proxy).
import type { ReviewQueue } from '../../guard/index.js';
import type { NotifyConfig } from './notify-config.js';
import { notifyPending } from './notify-run.js';

/**
 * QUEUE, whose `request` now also announces each new pending review; unchanged without a config.
 * @example announcePending(queue, config.reviews?.notify, (l) => process.stderr.write(`${l}\n`))
 */
export function announcePending(
  queue: ReviewQueue,
  notify: NotifyConfig | undefined,
  log: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): ReviewQueue {
  if (notify === undefined) return queue;
  const request = queue.request.bind(queue);
  queue.request = (req) => {
    const review = request(req);
    if (review.status === 'pending') notifyPending(notify, review, log);
    return review;
  };
  return queue;
}
