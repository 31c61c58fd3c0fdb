// A key read from the project's env file by its issuer's variable name into a shell variable, then sent
// only to that issuer's API (`SLACK_BOT_TOKEN=$(grep SLACK_BOT_TOKEN .env | cut -d= -f2) && curl
// -H "Authorization: Bearer $SLACK_BOT_TOKEN" https://slack.com/api/...`): the key's intended use,
// not a read (docs/guard.md "Credentials and their issuers"). Any other command of the script, a
// request elsewhere or a file written keeps it a read.
import { REPLY_READERS, REQUEST_PROGRAMS, type Issuer } from '../egress/issuers.js';
import type { ShellAnalysis } from './model.js';
import { requestToIssuers, writesFile } from './issuer-request.js';

/**
 * True when a read naming `issuer`, whose value no command takes directly (it is assigned to a
 * variable), runs in a script whose every other command is a request to that issuer or a reader
 * of its reply.
 */
export function assignedForIssuer(issuer: Issuer | null, all: ShellAnalysis): boolean {
  if (issuer === null) return false;
  let requests = 0;
  for (const o of all.commands) {
    if (o.substitution || o.name === ':' || o.name === 'true') continue;
    if (writesFile(o)) return false;
    if (REQUEST_PROGRAMS.has(o.name)) {
      if (!requestToIssuers(o, all, [issuer])) return false;
      requests++;
    } else if (!(REPLY_READERS.has(o.name) && o.stage > 0)) return false;
  }
  return requests > 0;
}
