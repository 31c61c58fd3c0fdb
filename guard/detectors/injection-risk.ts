// Injected instructions: what makes an order worth stopping (docs/guard.md "Injected instructions").

/** A command that reaches the network, runs fetched code or touches secrets (not "run the tests"). */
export const COMMAND_RISK = String.raw`(?:\b(?:curl|wget|iwr|nc|ncat|bash|sh|zsh|powershell|base64|printenv|env|ssh|scp|eval)\b|https?:\/\/|~\/\.|\.(?:ssh|aws|env|npmrc|netrc)\b|\b(?:token|secret|credential|password)s?\b|\bgit\s+push\b|\bnpm\s+publish\b)`;
