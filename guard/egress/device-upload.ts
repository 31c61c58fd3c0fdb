// A build artifact uploaded to a device on the operator's own network, an over-the-air update
// (`curl -F 'file=@dist/firmware.bin' http://192.168.4.1/update`): the device is the project's
// target, not a recipient (docs/guard.md "Egress"). Only project build outputs or firmware images
// qualify; a credential, a home file, a file outside the project or a command that computes
// what it sends keeps the upload off the allowlist.
import { isCredentialPath } from '../sensitive-paths.js';
import { isPrivateAddress } from './internal-hosts.js';
import { isCloudMetadata } from './hosts.js';

/** RFC 3927 link-local IPv4: a device's own access point or a direct cable. */
const LINK_LOCAL = /^169\.254\.\d{1,3}\.\d{1,3}$/;
/** Files a curl upload names: `-F name=@file`, `--data-binary @file`, `-T file`. */
const UPLOADED = /(?:=|\s|^|['"])@([^\s'";]+)|(?:-T|--upload-file)\s+['"]?([^\s'";]+)/g;
/** Firmware images and build outputs. */
const ARTIFACT =
  /\.(?:bin|hex|elf|uf2|img|ota|fw|dfu)$|^(?:\.\/)?(?:dist|build|out|target|\.pio\/build|bin)\//;

/** True when `host` is a private or link-local address and `command` uploads build artifacts only. */
export function artifactToDevice(host: string, command: string): boolean {
  if (!isPrivateAddress(host) && !LINK_LOCAL.test(host)) return false;
  // the metadata endpoints live in the link-local range
  if (isCloudMetadata(host)) return false;
  if (/[$`]/.test(command)) return false;
  let files = 0;
  for (const m of command.matchAll(UPLOADED)) {
    const f = m[1] ?? m[2] ?? '';
    const inProject = !/^[~/]/.test(f) && !/(?:^|\/)\.\.(?:\/|$)/.test(f);
    if (!inProject || isCredentialPath(f) || !ARTIFACT.test(f)) return false;
    files++;
  }
  return files > 0;
}
