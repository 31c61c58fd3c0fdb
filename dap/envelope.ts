// DAP-18 §4.4.2 input share encryption and §4.6.5 aggregate share encryption (HPKE info and AAD).
import { HpkeError } from './errors.js';
// The HPKE modules themselves, not their index: a client's preparing thread then loads no @noble code.
import type { Hpke } from './hpke/hpke.js';
import { AEAD_AES_128_GCM, KDF_HKDF_SHA256, KEM_DHKEM_X25519_HKDF_SHA256 } from './hpke/suite.js';
import {
  encodeAggregateShareAad,
  encodeInputShareAad,
  Role,
  type AggregateShareAad,
  type HpkeCiphertext,
  type HpkeConfig,
  type InputShareAad,
} from './messages/index.js';
import { HPKE_INFO_AGGREGATE_SHARE, HPKE_INFO_INPUT_SHARE } from './version.js';

const ascii = new TextEncoder();

// One info per receiving role, built once (every report's open uses one of them).
const INPUT_SHARE_INFO = new Map<Role, Uint8Array>(
  [Role.leader, Role.helper].map((r) => [
    r,
    Uint8Array.from([...ascii.encode(HPKE_INFO_INPUT_SHARE), Role.client, r]),
  ]),
);
const inputShareInfo = (serverRole: Role): Uint8Array =>
  INPUT_SHARE_INFO.get(serverRole) ??
  Uint8Array.from([...ascii.encode(HPKE_INFO_INPUT_SHARE), Role.client, serverRole]);
const aggShareInfo = (serverRole: Role): Uint8Array =>
  Uint8Array.from([...ascii.encode(HPKE_INFO_AGGREGATE_SHARE), serverRole, Role.collector]);

/** Whether this implementation can encrypt to the config (DAP-18 §8 mandatory suite). */
export function supportedConfig(c: HpkeConfig): boolean {
  return (
    c.kemId === KEM_DHKEM_X25519_HKDF_SHA256 &&
    c.kdfId === KDF_HKDF_SHA256 &&
    c.aeadId === AEAD_AES_128_GCM &&
    c.publicKey.length === 32
  );
}

function seal(
  hpke: Hpke,
  config: HpkeConfig,
  info: Uint8Array,
  aad: Uint8Array,
  pt: Uint8Array,
): HpkeCiphertext {
  if (!supportedConfig(config))
    throw new HpkeError('hpke_invalid_key', `HPKE config ${config.id} uses an unsupported suite`);
  const { enc, ct } = hpke.seal(config.publicKey, info, aad, pt);
  return { configId: config.id, enc, payload: ct };
}

export function sealInputShare(
  hpke: Hpke,
  config: HpkeConfig,
  serverRole: Role,
  aad: InputShareAad,
  plaintextInputShare: Uint8Array,
): HpkeCiphertext {
  return seal(
    hpke,
    config,
    inputShareInfo(serverRole),
    encodeInputShareAad(aad),
    plaintextInputShare,
  );
}

/** `aadBytes` is the encoded InputShareAad (built once per report by the caller). */
export function openInputShare(
  hpke: Hpke,
  privateKey: Uint8Array,
  serverRole: Role,
  aadBytes: Uint8Array,
  c: HpkeCiphertext,
): Uint8Array {
  return hpke.open(c.enc, privateKey, inputShareInfo(serverRole), aadBytes, c.payload);
}

export function sealAggShare(
  hpke: Hpke,
  config: HpkeConfig,
  serverRole: Role,
  aad: AggregateShareAad,
  aggShare: Uint8Array,
): HpkeCiphertext {
  return seal(hpke, config, aggShareInfo(serverRole), encodeAggregateShareAad(aad), aggShare);
}

export function openAggShare(
  hpke: Hpke,
  privateKey: Uint8Array,
  serverRole: Role,
  aad: AggregateShareAad,
  c: HpkeCiphertext,
): Uint8Array {
  return hpke.open(
    c.enc,
    privateKey,
    aggShareInfo(serverRole),
    encodeAggregateShareAad(aad),
    c.payload,
  );
}
