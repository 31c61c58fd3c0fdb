// Files where developer tools keep what was typed or saved: shell and REPL histories (passwords given
// on a command line), build tools' repository logins, remote-access clients' saved sessions, editors'
// and chat apps' token stores, browser profiles on Windows (docs/guard.md "Shell analysis"). Reading
// one is a credential read whatever program does it, as `~/.aws/credentials` is.

/** The per-user config folder as Linux, macOS and Windows place it (XDG, Application Support, %APPDATA%). */
const CONFIG = String.raw`~\/(?:\.config|Library\/(?:Application Support|Preferences)|AppData\/(?:Roaming|Local))`;

/** Shell and REPL histories: `PGPASSWORD=... psql`, `mysql -p...`, `export TOKEN=...` are kept as typed. */
const HISTORY: readonly string[] = [
  String.raw`~\/\.[\w.-]*_history$`,
  String.raw`~\/\.(?:zhistory|histfile|history|dbshell)$`,
  String.raw`~\/\.(?:local\/share|config)\/fish\/fish_history$`,
  String.raw`~\/\.local\/share\/atuin\/history\.db$`,
  String.raw`~\/\.mongodb\/mongosh\/[^/]*history$`,
  // PSReadLine keeps every typed line, `ConvertTo-SecureString -AsPlainText` passwords included
  String.raw`~\/(?:AppData\/Roaming\/Microsoft\/Windows\/PowerShell|\.local\/share\/powershell)\/PSReadLine\/[^/]*_history\.txt$`,
];

/** Build tools' and package registries' saved logins under home. */
const BUILD_TOOLS: readonly string[] = [
  String.raw`~\/\.m2\/settings\.xml$`,
  String.raw`~\/\.gradle\/gradle\.properties$`,
  String.raw`~\/\.ivy2\/\.?credentials$`,
  String.raw`~\/\.sbt\/(?:[\w.]+\/)?\.?credentials(?:\.sbt)?$`,
  String.raw`(?:~\/\.nuget\/NuGet|${CONFIG}\/NuGet)\/NuGet\.Config$`,
  String.raw`~\/\.config\/composer\/auth\.json$`,
  String.raw`~\/\.yarnrc(?:\.yml)?$`,
  String.raw`~\/\.bundle\/config$`,
  String.raw`~\/\.terraformrc$`,
  String.raw`~\/\.config\/git\/credentials$`,
  String.raw`~\/\.mylogin\.cnf$`,
];

/** Remote-access clients' saved sessions and password databases. */
const REMOTE_ACCESS: readonly string[] = [
  String.raw`(?:${CONFIG}\/|~\/\.)filezilla\/(?:sitemanager|recentservers|filezilla)\.xml$`,
  String.raw`${CONFIG}\/mRemoteNG\/confCons\.xml(?:\.backup)?$`,
  String.raw`${CONFIG}\/WinSCP\.ini$`,
  String.raw`(?:${CONFIG}\/|~\/Documents\/)MobaXterm\/MobaXterm\.ini$`,
  String.raw`~\/\.(?:local\/share|config)\/remmina(?:$|\/)`,
  // an `.rdp` file may keep `password 51:b:` (DPAPI); a KeePass database keeps every password
  String.raw`(?:^|.*\/)[^/]+\.(?:rdp|kdbx)$`,
  String.raw`${CONFIG}\/JetBrains\/[^/]+\/c\.(?:kdbx|pwd)$`,
];

/** Editors' and chat apps' token stores: VS Code-family state databases, Electron apps' storage. */
const APP_STORES: readonly string[] = [
  String.raw`(?:${CONFIG}\/(?:Code|Code - Insiders|Code - OSS|VSCodium|Cursor|Windsurf)\/User|~\/\.(?:vscode|cursor)-server\/data\/User)\/globalStorage\/state\.vscdb(?:\.backup)?$`,
  String.raw`${CONFIG}\/(?:Code|Cursor|Slack|discord(?:canary|ptb)?|Microsoft\/Teams|Microsoft Teams|Signal)\/(?:Local Storage|Session Storage|IndexedDB)(?:$|\/)`,
  String.raw`${CONFIG}\/(?:Code|Cursor|Slack|discord(?:canary|ptb)?|Microsoft\/Teams|Microsoft Teams|Signal)\/(?:(?:Network\/)?Cookies|Local State|config\.json)$`,
  // browsers on Windows (`%LOCALAPPDATA%`, `%APPDATA%`) and Safari's cookie jars
  String.raw`~\/AppData\/Local\/(?:Google\/Chrome[^/]*|Microsoft\/Edge[^/]*|BraveSoftware\/[^/]+|Chromium|Vivaldi)\/User Data\/(?:[^/]+\/(?:Network\/)?(?:Login Data|Cookies|Web Data)(?:$|-)|Local State$)`,
  String.raw`~\/AppData\/Roaming\/(?:Mozilla\/Firefox|Opera Software\/[^/]+)\/(?:Profiles\/)?[^/]+\/(?:logins\.json|key[34]\.db|cookies\.sqlite|Login Data|Cookies)$`,
  String.raw`~\/(?:\.config|Library\/Application Support)\/(?:google-chrome[^/]*|chromium|BraveSoftware\/[^/]+|microsoft-edge[^/]*|Google\/Chrome[^/]*|Microsoft Edge)\/[^/]+\/Network\/Cookies$`,
  String.raw`~\/Library\/(?:Containers\/com\.apple\.Safari\/Data\/Library\/)?Cookies\/[^/]*\.binarycookies$`,
];

/**
 * App store release tools' sessions and keys: fastlane's spaceship cookie (an Apple ID session,
 * two-factor already passed) and App Store Connect API keys where altool and fastlane look for them.
 */
const RELEASE_TOOLS: readonly string[] = [
  String.raw`~\/(?:\.fastlane|\.local\/share\/fastlane|${CONFIG}\/fastlane)\/spaceship\/[^/]+\/cookie$`,
  String.raw`~\/(?:\.appstoreconnect\/|\.private_keys\/|private_keys\/)(?:private_keys\/)?AuthKey_[^/]*\.p8$`,
];

/** One pattern for the normalized (`~`-rooted) paths of these files. */
export const APP_CREDENTIAL_FILE = new RegExp(
  `^(?:${[...HISTORY, ...BUILD_TOOLS, ...REMOTE_ACCESS, ...APP_STORES, ...RELEASE_TOOLS].join('|')})`,
  'i',
);
