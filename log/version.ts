// The log's formats: RFC 6962 hashing, RFC 9162 proofs, C2SP signed-note / tlog-checkpoint / tlog-cosignature v1.
export const COSIGNATURE_V1 = 'cosignature/v1';
export const TLOG_PROOF_V1 = 'c2sp.org/tlog-proof@v1';
