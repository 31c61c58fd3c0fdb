// Privacy Pass report tokens for DAP (RFC 9576-9578, RFC 9474; docs/dap.md "Report tokens").
export * from './token.js';
export * from './issuer-key.js';
export * from './blind-rsa.js';
export * from './policy.js';
export * from './window-key.js';
export * from './report-token.js';
export * from './verify.js';
export * from './spent.js';
export * from './attestation.js';
export * from './client.js';
