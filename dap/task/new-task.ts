// Provisioning a task (docs/architecture.md `mesh dap task new`): one file per role, secrets only where needed.
import { randomBytes } from 'node:crypto';
import { newToken, tokenDigest } from '../auth.js';
import { b64url } from '../encoding.js';
import { hpkeDefault } from '../hpke/index.js';
import { AEAD_AES_128_GCM, KDF_HKDF_SHA256, KEM_DHKEM_X25519_HKDF_SHA256 } from '../hpke/index.js';
import { encodeHpkeConfig, TASK_ID_SIZE } from '../messages/index.js';
import type {
  ClientTaskFile,
  CollectorTaskFile,
  HelperTaskFile,
  LeaderTaskFile,
} from './task-file.js';
import { TASK_FILE_SCHEMA } from './task-file.js';
import { parseTaskParams, type TaskParamsJson } from './task-params.js';
import { parseTokenPolicy, type TokenPolicyJson } from '../privacy-pass/policy.js';
import { parseDpParams, type DpParamsJson } from '../aggregator/dp-noise.js';

/** Prio3 with TurboSHAKE128 (VDAF-20 §6.2) uses a 32-byte verification key. */
export const VERIFY_KEY_SIZE = 32;

export interface TaskFiles {
  client: ClientTaskFile;
  leader: LeaderTaskFile;
  helper: HelperTaskFile;
  collector: CollectorTaskFile;
}

/**
 * `issuer` pins the token issuer in every role's file (each report then needs a fresh token);
 * `dp` is the noise the aggregators add to their aggregate shares.
 */
export function newTaskFiles(
  params: TaskParamsJson,
  extras: { issuer?: TokenPolicyJson; dp?: DpParamsJson } = {},
): TaskFiles {
  const { issuer, dp } = extras;
  const task = parseTaskParams(params);
  if (issuer !== undefined) parseTokenPolicy(issuer, task.time_precision);
  const base = {
    schema: TASK_FILE_SCHEMA,
    kind: 'dap-task' as const,
    task_id: b64url(randomBytes(TASK_ID_SIZE)),
    task,
    ...(issuer === undefined ? {} : { issuer }),
    ...(dp === undefined ? {} : { dp: parseDpParams(dp) }),
  };
  const kp = hpkeDefault.generateKeyPair();
  const collectorConfig = b64url(
    encodeHpkeConfig({
      id: randomBytes(1)[0] ?? 0,
      kemId: KEM_DHKEM_X25519_HKDF_SHA256,
      kdfId: KDF_HKDF_SHA256,
      aeadId: AEAD_AES_128_GCM,
      publicKey: kp.publicKey,
    }),
  );
  const verifyKey = b64url(randomBytes(VERIFY_KEY_SIZE));
  const aggregatorToken = newToken();
  const collectorToken = newToken();
  return {
    client: { ...base, role: 'client' },
    leader: {
      ...base,
      role: 'leader',
      vdaf_verify_key: verifyKey,
      aggregator_auth_token: aggregatorToken,
      collector_auth_token_sha256: tokenDigest(collectorToken),
      collector_hpke_config: collectorConfig,
    },
    helper: {
      ...base,
      role: 'helper',
      vdaf_verify_key: verifyKey,
      aggregator_auth_token_sha256: tokenDigest(aggregatorToken),
      collector_hpke_config: collectorConfig,
    },
    collector: {
      ...base,
      role: 'collector',
      collector_auth_token: collectorToken,
      collector_hpke_config: collectorConfig,
      collector_hpke_private_key: b64url(kp.privateKey),
    },
  };
}
