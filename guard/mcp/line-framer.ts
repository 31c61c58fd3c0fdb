// MCP stdio transport (protocol revision 2025-06-18, "Transports: stdio"): JSON-RPC messages, one per
// line, no embedded newlines. Lines are cut with a maximum size: an oversized message is reported and
// skipped up to its end, never buffered whole.

export class LineFramer {
  private parts: Buffer[] = [];
  private size = 0;
  private skipping = false;

  constructor(
    private readonly maxBytes: number,
    private readonly onLine: (line: string) => void,
    private readonly onOversize: (bytes: number) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      const piece = nl < 0 ? chunk.subarray(start) : chunk.subarray(start, nl);
      if (!this.skipping) {
        if (this.size + piece.length > this.maxBytes) {
          this.skipping = true;
          this.onOversize(this.size + piece.length);
          this.parts = [];
        } else if (piece.length > 0) this.parts.push(piece);
      }
      this.size += piece.length;
      if (nl < 0) return;
      if (!this.skipping) {
        const line = Buffer.concat(this.parts).toString('utf8').replace(/\r$/, '');
        if (line.trim() !== '') this.onLine(line);
      }
      this.parts = [];
      this.size = 0;
      this.skipping = false;
      start = nl + 1;
    }
  }
}
