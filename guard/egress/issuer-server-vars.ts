// `HF_ENDPOINT=https://hf-mirror.example huggingface-cli login --token hf_...`: a CLI or SDK takes the
// server it sends its key to from a variable (`HF_ENDPOINT`, `OPENAI_BASE_URL`, `GH_HOST`,
// `NPM_CONFIG_REGISTRY`), so a key typed to its own CLI under such a variable naming another host
// goes to that host (docs/guard.md "Credential routing"). The issuer's hosts, this machine and
// private addresses (a local gateway, a self-hosted instance) keep it with the issuer.
import { canonicalHost } from './hosts.js';
import { issuerOfProgram, type Issuer } from './issuers.js';
import { registryCliIssuer } from './registry-clis.js';
import { ASSIGNMENT } from './issuer-assignments.js';
import { hostStaysWithIssuer, SERVER_VAR } from '../shell/issuer-cli-hosts.js';
import type { ShellCommand } from '../shell/model.js';
import type { ShellView } from '../detectors/detector.js';

/**
 * False when `command` assigns a server variable (for the issuer's own CLI, or by `export`) whose value is a host outside `issuer`'s, this machine and private addresses.
 */
export function serverVarsStayWithIssuer(
  command: string,
  view: ShellView,
  issuer: Issuer,
): boolean {
  if (!command.includes('=')) return true;
  for (const m of command.slice(0, 65_536).matchAll(ASSIGNMENT)) {
    const name = m[1] ?? '';
    // a server variable of the key's own vendor (`HF_ENDPOINT` beside the Hugging Face variables),
    // not another program's (`DATABASE_URL`)
    if (!SERVER_VAR.test(name) || !issuer.vars.source.includes(`${name.split('_')[0] ?? ''}_`))
      continue;
    const takes = (c: ShellCommand): boolean =>
      (c.name === 'export' && c.argv.some((a) => a.startsWith(`${name}=`))) ||
      (c.env?.some((e) => e.name === name) === true &&
        (issuerOfProgram(c.name) === issuer || registryCliIssuer(c) === issuer));
    if (!view.analysis.commands.some(takes)) continue;
    const host = canonicalHost((m[2] ?? '').replace(/^(["'])(.*)\1$/, '$2'));
    if (host === null || !hostStaysWithIssuer(host, issuer)) return false;
  }
  return true;
}
