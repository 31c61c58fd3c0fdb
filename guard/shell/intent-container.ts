// Intents of containers that reach the host: bind mounts of the root, home, system folders or the engine socket.
import type { ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { containerRun } from './indirect.js';
import { isCatastrophicTarget, normalizePath } from '../sensitive-paths.js';

const HOST_ESCAPE =
  /(?:^|\/)(?:docker|podman|containerd)\.sock$|^\/(?:etc|root|boot|proc|sys|dev)(?:\/|$)/;

export function containerIntents(cmd: ShellCommand): IntentHit[] {
  const run = containerRun(cmd.argv);
  if (run === null) return [];
  const src = run.sources.find(
    (s) =>
      HOST_ESCAPE.test(normalizePath(s)) ||
      (isCatastrophicTarget(s) && !/^(?:\.|\.\/|\$\{?PWD\}?\/?)$/.test(s)),
  );
  return src === undefined
    ? []
    : [
        {
          intent: 'privilege_change',
          detail: `container with ${normalizePath(src)} of the host mounted`,
        },
      ];
}
