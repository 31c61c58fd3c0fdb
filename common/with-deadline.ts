// A promise with a deadline (docs/architecture.md "Rules every room follows": never a hang): the
// work's own answer if it comes in time, else a coded error; its timer never outlives the race.
import { MeshError } from './errors.js';

/** The work did not answer within its deadline. */
export class DeadlineError extends MeshError<'deadline_passed'> {
  override readonly name: string = 'DeadlineError';
}

/**
 * `work`'s answer, or `late()` (by default a DeadlineError "no answer within MS ms") once `ms`
 * passed first. The work goes on: a caller that must undo it (a connection arriving late) does so
 * on the error.
 *
 * @throws what `work` throws, or `late()` after `ms`
 * @example
 * const version = await withDeadline(readVersion(sql), 3000);
 */
export async function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  late: () => Error = () =>
    new DeadlineError('deadline_passed', `no answer within ${String(ms)} ms`),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(late());
    }, ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
