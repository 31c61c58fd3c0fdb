// DAP-18 §10.1: the application/ppm-dap media type and its `message` values.
export const MediaType = {
  hpkeConfigList: 'application/ppm-dap;message=hpke-config-list',
  uploadReq: 'application/ppm-dap;message=upload-req',
  uploadErrors: 'application/ppm-dap;message=upload-errors',
  aggregationJobInitReq: 'application/ppm-dap;message=aggregation-job-init-req',
  aggregationJobResp: 'application/ppm-dap;message=aggregation-job-resp',
  aggregationJobContinueReq: 'application/ppm-dap;message=aggregation-job-continue-req',
  aggregateShareReq: 'application/ppm-dap;message=aggregate-share-req',
  aggregateShare: 'application/ppm-dap;message=aggregate-share',
  collectionJobReq: 'application/ppm-dap;message=collection-job-req',
  collectionJobResp: 'application/ppm-dap;message=collection-job-resp',
} as const;
export type MediaTypeName = keyof typeof MediaType;

/**
 * Whether a Content-Type header names exactly this message: type/subtype and the `message`
 * parameter compared as RFC 9110 §8.3.1 says (case-insensitive names, optional `version`).
 */
export function isMediaType(header: string | undefined, want: MediaTypeName): boolean {
  if (header === undefined) return false;
  const [type, ...params] = header.split(';').map((s) => s.trim());
  if (type?.toLowerCase() !== 'application/ppm-dap') return false;
  const expected = MediaType[want].split('message=')[1];
  let message: string | undefined;
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq < 0) return false;
    const k = p.slice(0, eq).trim().toLowerCase();
    const v = p
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (k === 'message') message = v;
  }
  return message === expected;
}
