// Where `mesh verify` reads a repository from (docs/architecture.md layout): a local directory or a mirror URL,
// both as a TUF 1.0.34 §5 Fetcher and as a bounded byte source for the log's files.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TileReader } from '../../log/index.js';
import {
  DownloadError,
  HttpFetcher,
  type Fetcher,
  type HttpFetcherOptions,
} from '../../tuf/index.js';

export interface RepoSource extends Fetcher {
  /** Base URL of the repository: metadata/, targets/ and log/ below it. */
  readonly base: string;
  /** The bytes at `path` below the base, or undefined when there are none. */
  get(path: string, maxLength: number): Promise<Uint8Array | undefined>;
  /** The log below the base (log/), read with the same bounds. */
  tiles(): TileReader;
  close(): void;
}

class DirSource implements RepoSource {
  readonly base: string;
  private readonly root: string;
  constructor(dir: string) {
    this.root = realpathSync(resolve(dir));
    this.base = pathToFileURL(this.root + sep).href;
  }
  /** this value is attacker-controlled (names come from metadata): it must stay under the root. */
  fetch(url: string, maxLength: number): Promise<Uint8Array> {
    let file: string;
    try {
      file = realpathSync(fileURLToPath(url));
    } catch {
      return Promise.reject(new DownloadError('http_status', `${url}: not found`, 404));
    }
    if (!file.startsWith(this.root + sep) || !statSync(file).isFile())
      return Promise.reject(new DownloadError('http_status', `${url}: not found`, 404));
    if (statSync(file).size > maxLength)
      return Promise.reject(new DownloadError('download_too_large', `${url}: over ${maxLength}`));
    return Promise.resolve(new Uint8Array(readFileSync(file)));
  }
  get(path: string, maxLength: number): Promise<Uint8Array | undefined> {
    return getVia(this, path, maxLength);
  }
  tiles(): TileReader {
    return new TileReader((p, max) => this.get(`log/${p}`, max));
  }
  close(): void {
    // nothing held open
  }
}

class MirrorSource implements RepoSource {
  readonly base: string;
  private readonly http: HttpFetcher;
  constructor(url: string, opts: HttpFetcherOptions) {
    this.http = new HttpFetcher(opts);
    this.base = `${url.replace(/\/+$/, '')}/`;
  }
  fetch(url: string, maxLength: number): Promise<Uint8Array> {
    return this.http.fetch(url, maxLength);
  }
  get(path: string, maxLength: number): Promise<Uint8Array | undefined> {
    return getVia(this, path, maxLength);
  }
  tiles(): TileReader {
    return new TileReader(`${this.base}log`);
  }
  close(): void {
    this.http.close();
  }
}

async function getVia(
  s: RepoSource,
  path: string,
  maxLength: number,
): Promise<Uint8Array | undefined> {
  try {
    return await s.fetch(new URL(path, s.base).href, maxLength);
  } catch (e) {
    if (e instanceof DownloadError && e.status === 404) return undefined;
    throw e;
  }
}

export function dirSource(dir: string): RepoSource {
  return new DirSource(dir);
}

export function mirrorSource(url: string, opts: HttpFetcherOptions = {}): RepoSource {
  return new MirrorSource(url, opts);
}
