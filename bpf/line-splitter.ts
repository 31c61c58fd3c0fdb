// Splits a byte stream into lines with a bound: an over-long line is dropped whole, never buffered.

export class LineSplitter {
  private buf = '';
  private skipping = false;
  oversize = 0;

  constructor(private readonly maxLine: number) {}

  /** Feeds a chunk; returns the complete lines it finished. */
  push(chunk: string): string[] {
    const out: string[] = [];
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf('\n', start);
      if (nl < 0) break;
      const piece = chunk.slice(start, nl);
      if (!this.skipping && this.buf.length + piece.length <= this.maxLine)
        out.push(this.buf + piece);
      else if (!this.skipping) this.oversize++;
      this.buf = '';
      this.skipping = false;
      start = nl + 1;
    }
    const rest = chunk.slice(start);
    if (!this.skipping) {
      if (this.buf.length + rest.length > this.maxLine) {
        this.buf = '';
        this.skipping = true;
        this.oversize++;
      } else this.buf += rest;
    }
    return out;
  }
}
