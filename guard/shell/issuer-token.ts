// A token printed by its issuer's CLI straight into a request to that issuer's API
// (`curl -H "Authorization: Bearer $(gh auth token)" https://api.github.com/user`): the token's
// intended use, not a credential read (docs/guard.md "Credentials and their issuers").
import {
  issuerHost,
  issuerOfTokenCommand,
  REPLY_READERS,
  REQUEST_PROGRAMS,
  type Issuer,
} from '../egress/issuers.js';
import type { ShellAnalysis, ShellCommand } from './model.js';
import { requestToIssuers, writesFile } from './issuer-request.js';

/** Readers of the reply here also include a pager or `cat` printing it. */
const READERS = new Set([...REPLY_READERS, 'less', 'cat']);

/**
 * `gh api <path>` of GitHub's own API (no `--hostname` elsewhere, no full URL, no verbose trace):
 * gh sends the request to api.github.com, the token's issuer.
 */
function ghApiToGitHub(c: ShellCommand, issuer: Issuer): boolean {
  if (c.name !== 'gh' || c.argv[1] !== 'api' || !issuerHost(issuer, 'api.github.com')) return false;
  const args = c.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a === '--verbose' || /^https?:|:\/\//.test(a)) return false;
    if (a === '--hostname' && args[i + 1] !== 'github.com') return false;
    if (a.startsWith('--hostname=') && a !== '--hostname=github.com') return false;
  }
  return true;
}

/**
 * True when `cmd`, a token printer in a substitution, hands its token only to requests to the
 * token's issuer: every other command is a request to the issuer's hosts or a reader of a reply.
 */
export function tokenForItsIssuer(cmd: ShellCommand, all: ShellAnalysis): boolean {
  if (!cmd.substitution) return false;
  const issuer = issuerOfTokenCommand(cmd.argv);
  if (issuer === null) return false;
  let requests = 0;
  for (const c of all.commands) {
    // the no-ops `:` and `true` run nothing, whatever their words say
    if (c.name === ':' || c.name === 'true') continue;
    if (c.substitution) {
      if (issuerOfTokenCommand(c.argv) !== issuer) return false;
      continue;
    }
    if (writesFile(c)) return false;
    if (ghApiToGitHub(c, issuer)) {
      requests++;
    } else if (REQUEST_PROGRAMS.has(c.name)) {
      if (!requestToIssuers(c, all, [issuer])) return false;
      requests++;
    } else if (!(READERS.has(c.name) && c.stage > 0)) return false;
  }
  return requests > 0;
}
