// An HTTP(S) Fetcher for the TUF 1.0.34 §5 client: caps enforced while streaming, bounded in time.
import { request as httpRequest, Agent as HttpAgent, type IncomingMessage } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { describeConnectionFailure } from '../../common/index.js';
import { DownloadError } from '../errors.js';
import type { Fetcher } from './fetcher.js';

export interface HttpFetcherOptions {
  /** No byte for this long aborts the transfer. */
  idleTimeoutMs?: number;
  /** The whole transfer must finish within this. */
  totalTimeoutMs?: number;
  userAgent?: string;
}

export class HttpFetcher implements Fetcher {
  private readonly idleMs: number;
  private readonly totalMs: number;
  private readonly userAgent: string;
  private readonly httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 8 });
  /** node:https (and TLS with it) loads on the first https URL: a plain-HTTP client never pays for it. */
  private httpsAgent: HttpsAgent | undefined;

  constructor(opts: HttpFetcherOptions = {}) {
    this.idleMs = opts.idleTimeoutMs ?? 15_000;
    this.totalMs = opts.totalTimeoutMs ?? 120_000;
    this.userAgent = opts.userAgent ?? 'interlock-mesh-tuf';
  }

  /** Closes kept-alive sockets so a short-lived process can exit promptly. */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent?.destroy();
  }

  fetch(url: string, maxLength: number): Promise<Uint8Array> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return Promise.reject(new DownloadError('download_failed', `not a URL: ${url}`));
    }
    const https = parsed.protocol === 'https:';
    if (!https && parsed.protocol !== 'http:') {
      return Promise.reject(new DownloadError('download_failed', `unsupported scheme in ${url}`));
    }
    let request = httpRequest;
    let agent: HttpAgent = this.httpAgent;
    if (https) {
      const m = process.getBuiltinModule('node:https');
      this.httpsAgent ??= new m.Agent({ keepAlive: true, maxSockets: 8 });
      request = m.request;
      agent = this.httpsAgent;
    }
    return new Promise((resolve, reject) => {
      const req = request(parsed, {
        method: 'GET',
        agent,
        headers: { 'user-agent': this.userAgent, 'accept-encoding': 'identity' },
      });
      const fail = (e: DownloadError): void => {
        clearTimeout(deadline);
        req.destroy();
        reject(e);
      };
      const deadline = setTimeout(() => {
        fail(
          new DownloadError('download_timeout', `${url}: no complete answer in ${this.totalMs} ms`),
        );
      }, this.totalMs);
      req.setTimeout(this.idleMs, () => {
        fail(new DownloadError('download_timeout', `${url}: idle for ${this.idleMs} ms`));
      });
      req.on('error', (e) => {
        fail(new DownloadError('download_failed', `${url}: ${describeConnectionFailure(e).text}`));
      });
      req.on('response', (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status > 299) {
          res.resume();
          fail(new DownloadError('http_status', `${url}: HTTP ${status}`, status));
          return;
        }
        // This value is attacker-controlled: the header only lets us refuse early, never trust.
        const declared = Number(res.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > maxLength) {
          fail(
            new DownloadError(
              'download_too_large',
              `${url}: ${declared} bytes exceed cap ${maxLength}`,
            ),
          );
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxLength) {
            fail(new DownloadError('download_too_large', `${url}: more than ${maxLength} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('error', (e) => {
          fail(
            new DownloadError('download_failed', `${url}: ${describeConnectionFailure(e).text}`),
          );
        });
        res.on('end', () => {
          clearTimeout(deadline);
          if (!res.complete) {
            reject(new DownloadError('download_failed', `${url}: connection closed early`));
            return;
          }
          resolve(new Uint8Array(Buffer.concat(chunks, received)));
        });
      });
      req.end();
    });
  }
}
