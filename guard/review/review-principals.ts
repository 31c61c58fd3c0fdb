// Who may approve a review: a person, by name, never the agent whose call waits, and never from
// inside the agent's own tool calls (docs/guard.md "Escalation and reviews").

/** Principals the front doors give agents: an approval may never name one of them. */
const AGENT_PRINCIPALS = new Set([
  'claude-code',
  'mcp-agent',
  'mcp-server',
  'agent',
  'library',
  'mcp',
]);

/**
 * Set by a front door in the environment of the agent's tool calls (Claude Code sets CLAUDECODE
 * for its Bash tool; Codex its sandbox markers; `mesh guard mcp` sets MESH_GUARD_DOOR for its
 * server): a review decided from there is the agent approving itself.
 * @example agentCallMarker(process.env) // 'CLAUDECODE' inside Claude Code's Bash tool
 */
export function agentCallMarker(env: NodeJS.ProcessEnv): string | null {
  for (const k of [
    'MESH_GUARD_DOOR',
    'CLAUDECODE',
    'CODEX_SANDBOX',
    'CODEX_SANDBOX_NETWORK_DISABLED',
  ])
    if (env[k] !== undefined && env[k] !== '') return k;
  return null;
}

/** The approver names the requesting agent or its front door: the agent would approve itself. */
export function isAgentPrincipal(approver: string, frontDoor: string): boolean {
  const who = approver.trim().toLowerCase();
  return AGENT_PRINCIPALS.has(who) || who === frontDoor;
}
