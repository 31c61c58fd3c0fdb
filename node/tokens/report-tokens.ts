// A node's reports on a task that requires tokens (docs/dap.md "Report tokens"): one token per report
// from the task's issuer, attested with the organisation's key, carried in the report extension.
import {
  privacyPass as pp,
  type DapClient,
  type Submission,
  type UploadResult,
} from '../../dap/index.js';
import { orgIdOf } from '../../governance/index.js';
import { loadKeyFile } from '../../tuf/index.js';
import { UsageError } from '../errors.js';

/**
 * Makes `client` fetch a token for every report it prepares, with the organisation key in `orgKeyFile`.
 * @throws UsageError when the task requires no tokens or the key file is not an org key.
 * @example attachTokens(new DapClient(file), 'acme.key')
 */
export function attachTokens(client: DapClient, orgKeyFile: string): { orgId: string } {
  const policy = client.task.tokens;
  if (policy === undefined)
    throw new UsageError('this task requires no tokens', 'leave out --org-key for this task');
  let key;
  try {
    key = loadKeyFile(orgKeyFile, 'org');
  } catch (e) {
    throw new UsageError((e as Error).message, 'make one with mesh org new --name NAME --out FILE');
  }
  const orgId = orgIdOf(key.signer.key.publicKey);
  const requester: pp.TokenRequester = {
    policy,
    orgId,
    sign: (m) => Uint8Array.from(Buffer.from(key.signer.sign(m), 'hex')),
  };
  const t = client.task;
  client.reportExtensions = async (reportId, time) => {
    const token = await pp.fetchReportToken(
      requester,
      t.id,
      reportId,
      time,
      t.params.time_precision,
    );
    return [{ type: pp.REPORT_TOKEN_EXTENSION, data: pp.encodeReportToken(token) }];
  };
  return { orgId };
}

/** Why a report of a token task did not go out. */
export type TokenRejection = 'token_refused' | 'upload_refused';

/**
 * Uploads each report on its own, so that the issuer's refusal of one (its window's token was issued
 * already) or the Leader's refusal of one does not take the others with it.
 */
export async function uploadEach(
  client: DapClient,
  subs: readonly Submission[],
): Promise<UploadResult & { refused: { index: number; error: TokenRejection; detail: string }[] }> {
  const out: UploadResult & {
    refused: { index: number; error: TokenRejection; detail: string }[];
  } = { accepted: 0, rejected: [], refused: [] };
  for (const [index, s] of subs.entries()) {
    try {
      const r = await client.upload([s]);
      out.accepted += r.accepted;
      for (const x of r.rejected) out.rejected.push({ index, error: x.error });
    } catch (e) {
      const error = e instanceof pp.IssuerRefusal ? 'token_refused' : 'upload_refused';
      out.refused.push({ index, error, detail: (e as Error).message });
    }
  }
  return out;
}
