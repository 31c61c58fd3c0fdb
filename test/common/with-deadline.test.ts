import { describe, expect, it } from 'vitest';
import { DeadlineError, MeshError, withDeadline } from '../../common/index.js';

const after = <T>(ms: number, f: () => T): Promise<T> =>
  new Promise((resolve, reject) => {
    setTimeout(() => {
      try {
        resolve(f());
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    }, ms);
  });

describe('withDeadline', () => {
  it("answers the work's value when it comes first", async () => {
    expect(
      await withDeadline(
        after(5, () => 42),
        1000,
      ),
    ).toBe(42);
  });

  it("passes the work's own failure on unchanged", async () => {
    const boom = new Error('boom');
    await expect(
      withDeadline(
        after(5, () => {
          throw boom;
        }),
        1000,
      ),
    ).rejects.toBe(boom);
  });

  it('fails with a coded DeadlineError once the deadline passes first', async () => {
    const e: unknown = await withDeadline(
      after(500, () => 1),
      10,
    ).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DeadlineError);
    expect(e).toBeInstanceOf(MeshError);
    expect((e as DeadlineError).code).toBe('deadline_passed');
    expect((e as Error).message).toBe('no answer within 10 ms');
  });

  it("fails with the caller's error when one is given", async () => {
    const mine = Object.assign(new Error('mine'), { code: 'X' });
    await expect(withDeadline(new Promise<never>(() => undefined), 5, () => mine)).rejects.toBe(
      mine,
    );
  });

  it('leaves no timer behind once the work answered', async () => {
    const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    await withDeadline(Promise.resolve('x'), 60_000);
    const now = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    expect(now).toBe(before);
  });
});
