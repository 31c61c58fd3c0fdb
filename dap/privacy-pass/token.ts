// RFC 9577 §2.1 TokenChallenge and §2.2 Token; RFC 9578 §6.1-6.2 TokenRequest and TokenResponse (type 0x0002).
import { DecodeError } from '../errors.js';
import { decodeAll } from '../codec/reader.js';
import { encodeWith } from '../codec/writer.js';
import { PRIVACY_PASS_TOKEN_TYPE } from '../version.js';

/** RFC 9578 §8.2.1: Nk = Nid = 256 for Blind RSA (2048-bit). */
export const NK = 256;
export const NONCE_SIZE = 32;
export const DIGEST_SIZE = 32;
export const TOKEN_SIZE = 2 + NONCE_SIZE + DIGEST_SIZE + DIGEST_SIZE + NK;
export const TOKEN_REQUEST_SIZE = 2 + 1 + NK;

export interface TokenChallenge {
  tokenType: number;
  issuerName: Uint8Array;
  redemptionContext: Uint8Array;
  originInfo: Uint8Array;
}

export interface Token {
  tokenType: number;
  nonce: Uint8Array;
  challengeDigest: Uint8Array;
  tokenKeyId: Uint8Array;
  authenticator: Uint8Array;
}

export interface TokenRequest {
  tokenType: number;
  truncatedTokenKeyId: number;
  blindedMsg: Uint8Array;
}

function requireType(t: number, what: string): void {
  if (t !== PRIVACY_PASS_TOKEN_TYPE)
    throw new DecodeError('decode_invalid', `${what}: token_type ${t} is not 0x0002`);
}

export const encodeTokenChallenge = (c: TokenChallenge): Uint8Array =>
  encodeWith((w) => {
    if (c.redemptionContext.length !== 0 && c.redemptionContext.length !== 32)
      throw new DecodeError('decode_bounds', 'redemption_context must be 0 or 32 bytes');
    w.u16(c.tokenType, 'token_type')
      .opaque(2, c.issuerName, 'issuer_name', 1)
      .opaque(1, c.redemptionContext, 'redemption_context')
      .opaque(2, c.originInfo, 'origin_info');
  });

export const decodeTokenChallenge = (b: Uint8Array): TokenChallenge =>
  decodeAll(b, 'TokenChallenge', (r) => {
    const tokenType = r.u16('token_type');
    const issuerName = r.opaque(2, 'issuer_name', 1);
    const redemptionContext = r.opaque(1, 'redemption_context', 0, 32);
    if (redemptionContext.length !== 0 && redemptionContext.length !== 32)
      throw new DecodeError(
        'decode_bounds',
        'TokenChallenge: redemption_context must be 0 or 32 bytes',
      );
    return { tokenType, issuerName, redemptionContext, originInfo: r.opaque(2, 'origin_info') };
  });

/** The bytes the authenticator signs (RFC 9578 §6.4 token_input / §6.5 token_authenticator_input). */
export const tokenInput = (t: Omit<Token, 'authenticator'>): Uint8Array =>
  encodeWith((w) => {
    w.u16(t.tokenType, 'token_type')
      .fixed(t.nonce, NONCE_SIZE, 'nonce')
      .fixed(t.challengeDigest, DIGEST_SIZE, 'challenge_digest')
      .fixed(t.tokenKeyId, DIGEST_SIZE, 'token_key_id');
  });

export const encodeToken = (t: Token): Uint8Array =>
  encodeWith((w) => {
    w.raw(tokenInput(t)).fixed(t.authenticator, NK, 'authenticator');
  });

export const decodeToken = (b: Uint8Array): Token =>
  // this value is attacker-controlled
  decodeAll(b, 'Token', (r) => {
    const tokenType = r.u16('token_type');
    requireType(tokenType, 'Token');
    return {
      tokenType,
      nonce: r.fixed(NONCE_SIZE, 'nonce'),
      challengeDigest: r.fixed(DIGEST_SIZE, 'challenge_digest'),
      tokenKeyId: r.fixed(DIGEST_SIZE, 'token_key_id'),
      authenticator: r.fixed(NK, 'authenticator'),
    };
  });

export const encodeTokenRequest = (q: TokenRequest): Uint8Array =>
  encodeWith((w) => {
    w.u16(q.tokenType, 'token_type')
      .u8(q.truncatedTokenKeyId, 'truncated_token_key_id')
      .fixed(q.blindedMsg, NK, 'blinded_msg');
  });

export const decodeTokenRequest = (b: Uint8Array): TokenRequest =>
  // this value is attacker-controlled
  decodeAll(b, 'TokenRequest', (r) => {
    const tokenType = r.u16('token_type');
    requireType(tokenType, 'TokenRequest');
    return {
      tokenType,
      truncatedTokenKeyId: r.u8('truncated_token_key_id'),
      blindedMsg: r.fixed(NK, 'blinded_msg'),
    };
  });

/** TokenResponse is blind_sig[Nk] alone. */
export const encodeTokenResponse = (blindSig: Uint8Array): Uint8Array =>
  encodeWith((w) => {
    w.fixed(blindSig, NK, 'blind_sig');
  });

export const decodeTokenResponse = (b: Uint8Array): Uint8Array =>
  // this value is attacker-controlled
  decodeAll(b, 'TokenResponse', (r) => r.fixed(NK, 'blind_sig'));
