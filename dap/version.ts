// draft-ietf-ppm-dap-18 §4 and §6: the version strings DAP-18 binds into HPKE and media types.
export const DAP_DRAFT = 'draft-ietf-ppm-dap-18';
export const DAP_VERSION = 'dap-18';
export const HPKE_INFO_INPUT_SHARE = 'dap-18 input share';
export const HPKE_INFO_AGGREGATE_SHARE = 'dap-18 aggregate share';
/** Privacy Pass token type of the report tokens (RFC 9578 §8.2.1: Blind RSA, 2048-bit). */
export const PRIVACY_PASS_TOKEN_TYPE = 0x0002;
/** Domain label of a report token's redemption context (docs/dap.md "Report tokens"). */
export const REPORT_TOKEN_CONTEXT_LABEL = 'interlock-mesh dap-18 report token v1';
/** Domain label of an issuer's certificate over one window's Blind RSA key. */
export const WINDOW_KEY_CERT_LABEL = 'interlock-mesh privacy-pass window key v1';
/** Domain label of an organisation's signed token request (the attester, docs/dap.md "Report tokens"). */
export const ISSUER_ATTESTATION_LABEL = 'interlock-mesh privacy-pass attestation v1';
