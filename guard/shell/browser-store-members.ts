// A browser's saved logins, keys and cookies named by their file names alone, relative to a profile
// folder the script finds at run time (`ls -d ~/.mozilla/firefox/*.default-release | xargs -I{} tar
// czf x.tgz -C {} logins.json key4.db`, `cd "$PROFILE" && zip ... "Login Data"`): the full path is
// never written, so the files are known by their names beside a profile folder the script names
// (docs/guard.md "Shell analysis").
import type { ShellAnalysis, ShellCommand } from './model.js';

/** Where Firefox, the Chromium family and Opera keep their profiles, in any platform's spelling. */
const PROFILE_ROOT =
  /\.mozilla[\\/]firefox|Firefox[\\/]Profiles|Mozilla[\\/]Firefox|google-chrome|Google[\\/]Chrome|chromium|BraveSoftware|microsoft-edge|Microsoft[\\/]Edge|Microsoft Edge|Opera Software|Vivaldi[\\/]User Data/i;

/** The files of a profile that hold logins, the keys that decrypt them, cookies and form data. */
const STORE_FILE =
  /^(?:logins\.json|logins-backup\.json|key[34]\.db|signons\.sqlite|cookies\.sqlite|formhistory\.sqlite|Login Data(?: For Account)?|Cookies|Web Data|Local State)$/i;

/** An argument whose last path segment, quotes aside, is one of STORE_FILE. */
const STORE_MEMBER = new RegExp(`(?:^|[\\\\/])["']?(${STORE_FILE.source.slice(1, -1)})["']?$`, 'i');

/** Why `cmd` reads a browser's credential files named relative to a profile folder, or null. */
export function browserStoreMember(cmd: ShellCommand, all: ShellAnalysis): string | null {
  let member: string | undefined;
  for (let i = 1; i < cmd.argv.length && member === undefined; i++)
    member = STORE_MEMBER.exec(cmd.argv[i] ?? '')?.[1];
  if (member === undefined) return null;
  const named = all.commands.some((c) => c.argv.some((a) => PROFILE_ROOT.test(a)));
  return named ? `${cmd.name} reads a browser profile's ${member}` : null;
}
