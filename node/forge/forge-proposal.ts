// docs/campaigns.md "The forge": the signed canary-ring proposal — the next version of the canary
// role's targets metadata listing the pack with the candidate (its bytes staged beside the
// repository), signed with the online canary key, for `mesh publish --apply FILE` to finish
// (snapshot, timestamp, log entries, witness cosignatures), as a ceremony's output is finished.
import { dirname } from 'node:path';
import { mkdirSync } from 'node:fs';
import { writeFileAtomic } from '../../common/index.js';
import {
  packTargetPath,
  proposeOffline,
  sha256Hex,
  type PublishKeys,
  type PublishRules,
} from '../../packs/index.js';
import { envelopeFileBytes, signEnvelope } from '../../tuf/index.js';

export interface WrittenProposal {
  file: string;
  role: 'canary';
  version: number;
  path: string;
  sha256: string;
}

/**
 * @throws {PackError} publish_invalid (no repository), pack_version_lower, pack_version_reused
 * @example
 * const p = writeCanaryProposal(repo, keys, rules, 'coding-agent', bytes); // <repo>.proposals/forge-canary-vN.json
 */
export function writeCanaryProposal(
  repoDir: string,
  keys: PublishKeys,
  rules: PublishRules,
  pack: string,
  bytes: Uint8Array,
  outFile?: string,
): WrittenProposal {
  const path = packTargetPath(pack, 'canary');
  const p = proposeOffline(repoDir, 'canary', [{ path, bytes }], rules);
  const out = outFile ?? `${repoDir}.proposals/forge-canary-v${p.version}.json`;
  const envelope = signEnvelope(p.signed, [keys.load('canary').signer]);
  mkdirSync(dirname(out), { recursive: true });
  writeFileAtomic(out, envelopeFileBytes(envelope));
  return { file: out, role: 'canary', version: p.version, path, sha256: sha256Hex(bytes) };
}
