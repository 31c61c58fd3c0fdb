// `supply_chain` (docs/guard.md "Detectors"): package installs from URLs, git or unlisted indexes, and
// package-manager configuration that redirects installs to another registry.
import { hostOf } from '../shell/intent-network.js';
import type { Detector, Finding } from './detector.js';
import { hostAllowed } from './egress.js';
import { checkKeys, listParam } from './params.js';
import { commandProblems } from './supply-chain-commands.js';
import { fileWriteProblems } from './supply-chain-file-writes.js';

interface SupplyParams {
  /** Registries and indexes installs may come from. */
  allow: string[];
}

export const supplyChainDetector: Detector<SupplyParams> = {
  name: 'supply_chain',
  rewrites: () => false,
  parseParams(params, path) {
    const p = checkKeys(params, ['allow'], path);
    return { allow: listParam(p, 'allow', path) ?? [] };
  },
  scan(value, path, ctx, params) {
    const off = (v: string): boolean => {
      // a value naming no host is a local path (`--find-links ./wheels`)
      const host = hostOf(v, true);
      return host !== null && !hostAllowed(host, params.allow, ctx.egressHosts);
    };
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      // a file tool writing the config: the same lines the shell's writes are read for
      const args = value as Record<string, unknown>;
      return fileWriteProblems(args, path, ctx, off);
    }
    if (typeof value !== 'string') return [];
    const findings: Finding[] = [];
    for (const cmd of ctx.shell(value).analysis.commands)
      for (const reason of commandProblems(cmd, off)) findings.push({ path, reason });
    return findings;
  },
};
