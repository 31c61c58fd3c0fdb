// The log's formats: RFC 6962 hashing, RFC 9162 proofs, C2SP signed-note / tlog-checkpoint /
// tlog-cosignature v1 / tlog-witness v1 / tlog-tiles / tlog-proof v1.
export const COSIGNATURE_V1 = 'cosignature/v1';
export const TLOG_PROOF_V1 = 'c2sp.org/tlog-proof@v1';
/** c2sp.org/tlog-witness: the 409 response's media type. */
export const TLOG_SIZE_CONTENT_TYPE = 'text/x.tlog.size';
/** c2sp.org/signed-note signature types. */
export const SIG_TYPE_ED25519 = 0x01;
export const SIG_TYPE_ECDSA = 0x02;
export const SIG_TYPE_COSIGNATURE_V1 = 0x04;
/** c2sp.org/tlog-tiles: hashes per full tile. */
export const TILE_WIDTH = 256;
/** c2sp.org/tlog-witness: a client MUST NOT send more than 63 consistency proof lines. */
export const MAX_WITNESS_PROOF_LINES = 63;
/** Schema version of every level store this room writes. */
export const STORE_SCHEMA_VERSION = 1;
