// draft-ietf-ppm-dap-18 §4 and §6: the version strings DAP-18 binds into HPKE and media types.
export const DAP_DRAFT = 'draft-ietf-ppm-dap-18';
export const DAP_VERSION = 'dap-18';
export const HPKE_INFO_INPUT_SHARE = 'dap-18 input share';
export const HPKE_INFO_AGGREGATE_SHARE = 'dap-18 aggregate share';
