// How a supply_chain finding names an organisation's own registry (docs/guard.md "Detectors").

/**
 * A redirection's reason with how to pass an organisation's own registry: its public-looking name
 * alone cannot tell it from a stranger's (docs/guard.md "Detectors").
 */
export function listable(reason: string): string {
  return `${reason} (if it is your organisation's registry, list its host in the node config's guard.egress.allowHosts)`;
}
