// The files where vendor CLIs keep the token their login saved (docs/guard.md "Shell analysis"):
// reading one is a credential read whatever program does it, as `~/.aws/credentials` is.

/** The per-user config folder as Linux, macOS and Windows place it (XDG, Application Support, %APPDATA%). */
const CONFIG = String.raw`~\/(?:\.config|Library\/(?:Application Support|Preferences)|AppData\/(?:Roaming|Local))`;

/** A CLI's folder under the config folder and the file in it that holds the saved login. */
const IN_CONFIG: readonly string[] = [
  String.raw`gcloud(?:$|\/)`,
  String.raw`(?:gh|GitHub CLI)\/hosts\.yml$`,
  String.raw`glab-cli\/config\.yml$`,
  String.raw`hub$`,
  String.raw`twilio-cli\/config\.json$`,
  String.raw`stripe\/config\.toml$`,
  String.raw`doctl\/config\.yaml$`,
  String.raw`heroku\/config\.json$`,
  String.raw`netlify\/config\.json$`,
  String.raw`ngrok\/ngrok\.yml$`,
  String.raw`rclone\/rclone\.conf$`,
  String.raw`hcloud\/cli\.toml$`,
  String.raw`linode-cli$`,
  String.raw`scw\/config\.yaml$`,
  String.raw`configstore\/firebase-tools\.json$`,
  String.raw`\.?wrangler\/config\/default\.toml$`,
  String.raw`com\.vercel\.cli\/auth\.json$`,
  // .NET user secrets (`dotnet user-secrets`): connection strings and keys kept out of the project
  String.raw`Microsoft\/UserSecrets\/[^/]+\/secrets\.json$`,
  // Claude Code's and the Anthropic SDK's saved key: the agent's own credentials
  String.raw`(?:claude|anthropic)\/(?:\.?env|\.?credentials(?:\.json)?|api[_-]?key(?:\.txt)?)$`,
];

/** Files straight under home that hold a saved login or key. */
const IN_HOME: readonly string[] = [
  String.raw`\.vault-token$`,
  String.raw`\.s3cfg$`,
  String.raw`\.boto$`,
  String.raw`\.databrickscfg$`,
  String.raw`\.oci\/config$`,
  String.raw`\.cargo\/credentials(?:\.toml)?$`,
  String.raw`\.composer\/auth\.json$`,
  String.raw`\.fly\/config\.yml$`,
  String.raw`\.vercel\/auth\.json$`,
  String.raw`\.supabase\/access-token$`,
  String.raw`\.railway\/config\.json$`,
  String.raw`\.wrangler\/config\/default\.toml$`,
  String.raw`\.circleci\/cli\.yml$`,
  String.raw`\.snowsql\/config$`,
  String.raw`\.m2\/settings-security\.xml$`,
  String.raw`\.microsoft\/usersecrets\/[^/]+\/secrets\.json$`,
  String.raw`\.(?:claude|anthropic)\/(?:\.?env|\.?credentials(?:\.json)?|api[_-]?key(?:\.txt)?)$`,
];

/** One pattern for the normalized (`~`-rooted) paths of every vendor CLI's saved login. */
export const VENDOR_CREDENTIAL_FILE = new RegExp(
  `^(?:${CONFIG}\\/(?:${IN_CONFIG.join('|')})|~\\/(?:${IN_HOME.join('|')}))`,
  'i',
);
