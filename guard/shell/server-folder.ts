// A call's folder on a server rather than a developer's machine (docs/guard.md "Data tools against
// production"): where a web server serves sites from, where services and deploy users keep their
// applications, a Capistrano release, or a folder named for production. A data tool's reset that
// names no environment runs against that machine's own database there.
import type { IntentHit } from './intents.js';
import { productionFolder } from './targeted-destroy.js';

const SERVER_ROOT =
  /^(?:\/(?:srv|opt|var\/(?:www|apps?)|u\/apps|home\/(?:deploy|deployer|app|apps|www|www-data|webapp))\/|[A-Za-z]:\\inetpub\\)/;
/** Capistrano's layout: `current` links the live release among `releases/<timestamp>`. */
const RELEASE = /\/(?:current|releases\/\d{8,})(?:\/|$)/;

export function serverFolder(cwd: string | undefined): boolean {
  if (cwd === undefined) return false;
  return SERVER_ROOT.test(cwd) || RELEASE.test(cwd) || productionFolder(cwd);
}

/** `hits` without the resets that name no environment, unless the call's folder `cwd` is a server's. */
export function onServer(hits: readonly IntentHit[], cwd: string | undefined): IntentHit[] {
  return serverFolder(cwd)
    ? hits.map((h) => (h.server === true ? { intent: h.intent, detail: h.detail } : h))
    : hits.filter((h) => h.server !== true);
}
