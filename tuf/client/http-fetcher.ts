// An HTTP(S) Fetcher for the TUF 1.0.34 §5 client: GET over HTTP/1.1 (RFC 9112), caps enforced while
// the body arrives (http1-response.ts), bounded in time. A connection is kept for the next request to
// the same origin (a refresh and its delegation search make a dozen requests in a row); one the
// server closed while idle is replaced once, for a GET that got no byte back. The sockets are node's
// own (node:net, node:tls for https: through tls.connect, so `--ca` applies); node:http is not used.
import type { Socket } from 'node:net';
import { describeConnectionFailure } from '../../common/index.js';
import { DownloadError } from '../errors.js';
import type { Fetcher } from './fetcher.js';
import { ResponseParser } from './http1-response.js';

export interface HttpFetcherOptions {
  /** No byte for this long aborts the transfer. */
  idleTimeoutMs?: number;
  /** The whole transfer must finish within this. */
  totalTimeoutMs?: number;
  userAgent?: string;
}

const PRINTABLE = /^[\x21-\x7e]+$/;

export class HttpFetcher implements Fetcher {
  private readonly idleMs: number;
  private readonly totalMs: number;
  private readonly userAgent: string;
  /** Idle kept-alive connections by origin, each with what takes it out of the idle state. */
  private readonly idle = new Map<string, Map<Socket, () => void>>();
  private readonly sockets = new Set<Socket>();

  constructor(opts: HttpFetcherOptions = {}) {
    this.idleMs = opts.idleTimeoutMs ?? 15_000;
    this.totalMs = opts.totalTimeoutMs ?? 120_000;
    // It goes into the request head: nothing that could end a header line.
    this.userAgent = (opts.userAgent ?? 'interlock-mesh-tuf').replace(/[^\x20-\x7e]/g, '');
  }

  /** Closes kept-alive sockets so a short-lived process can exit promptly. */
  close(): void {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    this.idle.clear();
  }

  async fetch(url: string, maxLength: number): Promise<Uint8Array> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new DownloadError('download_failed', `not a URL: ${url}`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      throw new DownloadError('download_failed', `unsupported scheme in ${url}`);
    }
    if (!PRINTABLE.test(parsed.host))
      throw new DownloadError('download_failed', `bad host in ${url}`);
    const kept = this.take(parsed.origin);
    if (kept !== undefined) {
      // A kept connection the server closed before answering (its idle timeout) costs a new one.
      const body = await this.exchange(kept, parsed, url, maxLength, true);
      if (body !== null) return body;
    }
    const body = await this.exchange(this.connect(parsed), parsed, url, maxLength, false);
    // Only a kept connection is ever stale: a new one's loss is a download_failed of its own.
    if (body === null) throw new DownloadError('download_failed', `${url}: connection lost`);
    return body;
  }

  private connect(u: URL): Socket {
    const https = u.protocol === 'https:';
    const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
    const port = u.port === '' ? (https ? 443 : 80) : Number(u.port);
    const net = process.getBuiltinModule('node:net');
    let socket: Socket;
    if (https) {
      // node:tls (and OpenSSL's TLS state) loads on the first https URL only.
      socket = process.getBuiltinModule('node:tls').connect({
        host,
        port,
        ...(net.isIP(host) === 0 ? { servername: host } : {}),
        ALPNProtocols: ['http/1.1'],
      });
    } else socket = net.connect({ host, port, noDelay: true });
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    // Errors are the exchange's or the idle watch's to handle; none may go unheard in between.
    socket.on('error', () => undefined);
    return socket;
  }

  private take(origin: string): Socket | undefined {
    const list = this.idle.get(origin);
    for (const [socket, detach] of list ?? []) {
      list?.delete(socket);
      detach();
      return socket;
    }
    return undefined;
  }

  /** Puts a connection back for the next request to its origin; it must not speak meanwhile. */
  private keep(socket: Socket, origin: string): void {
    socket.setTimeout(0);
    socket.unref();
    const list = this.idle.get(origin) ?? new Map<Socket, () => void>();
    this.idle.set(origin, list);
    const drop = (): void => {
      list.delete(socket);
      socket.destroy();
    };
    const events = ['close', 'data', 'end', 'error'] as const;
    for (const e of events) socket.once(e, drop);
    list.set(socket, () => {
      for (const e of events) socket.off(e, drop);
      socket.ref();
    });
  }

  private exchange(
    socket: Socket,
    u: URL,
    url: string,
    maxLength: number,
    reused: boolean,
  ): Promise<Uint8Array | null> {
    return new Promise((resolve, reject) => {
      let gotBytes = false;
      let settled = false;
      const parser = new ResponseParser(url, maxLength, ({ status, contentLength }) => {
        if (status < 200 || status > 299)
          throw new DownloadError('http_status', `${url}: HTTP ${status}`, status);
        // This value is attacker-controlled: the header only lets us refuse early, never trust.
        if (contentLength !== undefined && contentLength > maxLength)
          throw new DownloadError(
            'download_too_large',
            `${url}: ${contentLength} bytes exceed cap ${maxLength}`,
          );
      });
      /** Ends the exchange: an error, the body, or null (a stale kept connection: ask again). */
      const done = (err: Error | undefined, stale = false): void => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        socket.off('data', onData).off('end', onEnd).off('error', onError);
        socket.off('close', onEnd).off('timeout', onIdle);
        if (stale) {
          socket.destroy();
          resolve(null);
          return;
        }
        if (err !== undefined) {
          socket.destroy();
          reject(err);
          return;
        }
        if (parser.reusable && !parser.excess && !socket.destroyed) this.keep(socket, u.origin);
        else socket.destroy();
        resolve(parser.body());
      };
      const settle = (f: () => boolean): void => {
        let finished: boolean;
        try {
          finished = f();
        } catch (e) {
          done(e as Error);
          return;
        }
        if (finished) done(undefined);
      };
      const lost = (e: Error | undefined): void => {
        if (reused && !gotBytes) done(undefined, true);
        else if (e !== undefined)
          done(
            new DownloadError(
              'download_failed',
              `${url}: ${describeConnectionFailure(e).text}`,
              undefined,
              {
                cause: e,
              },
            ),
          );
        else
          settle(() => {
            parser.end();
            return true;
          });
      };
      const onData = (b: Buffer): void => {
        gotBytes = true;
        settle(() => parser.push(b));
      };
      const onEnd = (): void => {
        lost(undefined);
      };
      const onError = (e: Error): void => {
        lost(e);
      };
      const onIdle = (): void => {
        done(new DownloadError('download_timeout', `${url}: idle for ${this.idleMs} ms`));
      };
      const deadline = setTimeout(() => {
        done(
          new DownloadError('download_timeout', `${url}: no complete answer in ${this.totalMs} ms`),
        );
      }, this.totalMs);
      socket.on('data', onData).on('end', onEnd).on('error', onError);
      socket.on('close', onEnd).on('timeout', onIdle);
      socket.setTimeout(this.idleMs);
      socket.write(
        `GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nUser-Agent: ${this.userAgent}\r\n` +
          'Accept-Encoding: identity\r\nConnection: keep-alive\r\n\r\n',
        'latin1',
      );
    });
  }
}
