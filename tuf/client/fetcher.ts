// How the TUF 1.0.34 §5 client gets bytes: any transport that enforces a length cap.

export interface Fetcher {
  /**
   * The body at `url`, refusing (DownloadError 'download_too_large') as soon as more than
   * `maxLength` bytes arrive; a non-2xx answer is DownloadError 'http_status' with its status.
   */
  fetch(url: string, maxLength: number): Promise<Uint8Array>;
}
