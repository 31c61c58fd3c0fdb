// One writer at a time inside a process: read-check-write sequences of the aggregator never interleave.
export class Mutex {
  private tail: Promise<void> = Promise.resolve();

  run<T>(f: () => Promise<T>): Promise<T> {
    const result = this.tail.then(f);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
