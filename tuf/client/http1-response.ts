// HTTP/1.1 response framing (RFC 9112 §4-§7) for the TUF 1.0.34 §5 client's GETs: status line, header
// fields, then a body delimited by Content-Length, the chunked coding or the connection's close
// (§6.3). Bytes come from an untrusted server: the head, every chunk-size and trailer line and the
// body (the caller's cap, counted as bytes arrive) are bounded, and any framing that could be read two
// ways (Transfer-Encoding beside Content-Length, differing lengths, a coding other than chunked) is
// refused rather than guessed at.
import { DownloadError } from '../errors.js';

/** Status line and header fields together. */
const MAX_HEAD = 64 * 1024;
/** A chunk-size line (extensions are ignored) or a trailer field line. */
const MAX_LINE = 8 * 1024;
const MAX_FIELDS = 128;
const EMPTY = Buffer.alloc(0);
// Control characters are what these refuse (RFC 9110 §5.5: none but HTAB in a field value).
/* eslint-disable no-control-regex */
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: [\t\x20-\x7e\x80-\xff]*)?$/;
const FIELD = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[\t ]*([^\x00-\x08\x0a-\x1f\x7f]*?)[\t ]*$/;
const CHUNK_SIZE = /^([0-9A-Fa-f]{1,12})[\t ]*(?:;[^\x00-\x08\x0a-\x1f\x7f]*)?$/;
/* eslint-enable no-control-regex */

export interface ResponseHead {
  status: number;
  /** Content-Length when the body is delimited by it. */
  contentLength: number | undefined;
}

type Phase = 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailer' | 'close';

/** Splits a field's comma-separated list (RFC 9110 §5.6.1), lower-cased, empty members dropped. */
function members(values: readonly string[]): string[] {
  return values.flatMap((v) =>
    v
      .split(',')
      .map((m) => m.trim().toLowerCase())
      .filter((m) => m !== ''),
  );
}

/**
 * One response, fed as it arrives. `onHead` sees the final (non-1xx) head before any body byte is
 * kept and may throw to refuse it (a status, a declared length over the cap).
 */
export class ResponseParser {
  private phase: Phase = 'head';
  private pending: Buffer = EMPTY;
  private readonly chunks: Buffer[] = [];
  private received = 0;
  private remaining = 0;
  private trailers = 0;
  private complete = false;
  /** The connection may carry another request once this response is complete. */
  reusable = false;
  /** Bytes arrived past the end of the response (the connection is then not reused). */
  excess = false;

  constructor(
    private readonly url: string,
    private readonly maxLength: number,
    private readonly onHead: (head: ResponseHead) => void,
  ) {}

  private fail(what: string): never {
    throw new DownloadError('download_failed', `${this.url}: ${what}`);
  }

  /** Feeds the next bytes; true once the response is complete. */
  push(chunk: Buffer): boolean {
    const buf = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = EMPTY;
    let i = 0;
    while (i < buf.length && !this.complete) {
      if (this.phase === 'head' || this.phase === 'chunk-size' || this.phase === 'trailer') {
        const head = this.phase === 'head';
        const limit = head ? MAX_HEAD : MAX_LINE;
        const end = buf.indexOf(head ? '\r\n\r\n' : '\r\n', i, 'latin1');
        if (end < 0 || end - i > limit) {
          if (buf.length - i > limit) this.fail(head ? 'response head too large' : 'line too long');
          this.pending = buf.subarray(i);
          return false;
        }
        const text = buf.toString('latin1', i, end);
        i = end + (head ? 4 : 2);
        if (head) this.head(text);
        else if (this.phase === 'chunk-size') this.chunkSize(text);
        else this.trailer(text);
      } else if (this.phase === 'chunk-end') {
        if (buf.length - i < 2) {
          this.pending = buf.subarray(i);
          return false;
        }
        if (buf[i] !== 0x0d || buf[i + 1] !== 0x0a) this.fail('chunk not followed by CRLF');
        i += 2;
        this.phase = 'chunk-size';
      } else {
        const n =
          this.phase === 'close' ? buf.length - i : Math.min(this.remaining, buf.length - i);
        this.add(buf.subarray(i, i + n));
        i += n;
        this.remaining -= n;
        if (this.remaining === 0 && this.phase === 'length') this.complete = true;
        if (this.remaining === 0 && this.phase === 'chunk-data') this.phase = 'chunk-end';
      }
    }
    if (this.complete && i < buf.length) this.excess = true;
    return this.complete;
  }

  /** The peer closed its side: completes a body delimited by the close, else the response is cut. */
  end(): void {
    if (this.complete) return;
    if (this.phase !== 'close') this.fail('connection closed early');
    this.complete = true;
  }

  /** The body, once complete. */
  body(): Uint8Array {
    return new Uint8Array(Buffer.concat(this.chunks, this.received));
  }

  private add(b: Buffer): void {
    this.received += b.length;
    if (this.received > this.maxLength)
      throw new DownloadError(
        'download_too_large',
        `${this.url}: more than ${this.maxLength} bytes`,
      );
    if (b.length > 0) this.chunks.push(b);
  }

  private head(text: string): void {
    const lines = text.split('\r\n');
    const m = STATUS_LINE.exec(lines[0] ?? '');
    if (m === null) this.fail('not an HTTP/1.x response');
    const status = Number(m[2]);
    if (lines.length - 1 > MAX_FIELDS) this.fail('too many header fields');
    const fields = new Map<string, string[]>();
    for (const line of lines.slice(1)) {
      const f = FIELD.exec(line);
      if (f === null) this.fail('malformed header field');
      const name = (f[1] ?? '').toLowerCase();
      fields.set(name, [...(fields.get(name) ?? []), f[2] ?? '']);
    }
    // §15.2 of RFC 9110: an interim 1xx response is followed by the final one; 101 was not asked for.
    if (status >= 100 && status <= 199 && status !== 101) return;
    const te = members(fields.get('transfer-encoding') ?? []);
    const cl = members(fields.get('content-length') ?? []);
    const connection = members(fields.get('connection') ?? []);
    this.reusable = m[1] === '1' && !connection.includes('close');
    let contentLength: number | undefined;
    if (te.length > 0 && cl.length > 0) this.fail('both Transfer-Encoding and Content-Length');
    if (te.length > 0 && (te.length !== 1 || te[0] !== 'chunked'))
      this.fail(`unsupported Transfer-Encoding ${te.join(', ')}`);
    if (cl.length > 0) {
      if (!cl.every((v) => v === cl[0] && /^\d{1,15}$/.test(v))) this.fail('bad Content-Length');
      contentLength = Number(cl[0]);
    }
    const noBody = status === 204 || status === 304;
    this.onHead({ status, contentLength: noBody ? undefined : contentLength });
    if (noBody || contentLength === 0) this.complete = true;
    else if (te.length > 0) this.phase = 'chunk-size';
    else if (contentLength !== undefined) {
      this.phase = 'length';
      this.remaining = contentLength;
    } else {
      this.phase = 'close';
      this.reusable = false;
    }
  }

  private chunkSize(line: string): void {
    const m = CHUNK_SIZE.exec(line);
    if (m === null) this.fail('malformed chunk size');
    const size = parseInt(m[1] ?? '', 16);
    if (size === 0) {
      this.phase = 'trailer';
      return;
    }
    if (this.received + size > this.maxLength)
      throw new DownloadError(
        'download_too_large',
        `${this.url}: more than ${this.maxLength} bytes`,
      );
    this.phase = 'chunk-data';
    this.remaining = size;
  }

  private trailer(line: string): void {
    if (line === '') {
      this.complete = true;
      return;
    }
    if (++this.trailers > MAX_FIELDS || FIELD.exec(line) === null) this.fail('malformed trailer');
  }
}
