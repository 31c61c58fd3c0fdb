// docs/campaigns.md "Fingerprints": the public words a canonical form may keep as they are —
// common programs, their common subcommands, and agent tool names. Anything else becomes a kind.

export const PROGRAMS: ReadonlySet<string> = new Set(
  (
    'sh bash zsh dash fish env sudo su doas nohup timeout xargs eval exec source ' +
    'cat head tail less more grep egrep rg awk sed cut tr sort uniq wc tee find ls cp mv rm ' +
    'rmdir mkdir touch chmod chown chgrp ln dd tar zip unzip gzip gunzip xz base64 base32 xxd od ' +
    'openssl gpg ssh scp sftp rsync curl wget nc ncat netcat socat telnet ftp ping dig nslookup ' +
    'host git gh svn docker podman kubectl helm terraform aws gcloud az npm npx yarn pnpm node ' +
    'deno bun python python3 pip pip3 pipx ruby gem perl php go cargo rustc make cmake java ' +
    'systemctl service launchctl crontab at journalctl ps kill pkill killall top history ' +
    'printenv export set unset id whoami hostname uname mount umount iptables ufw useradd ' +
    'usermod passwd chpasswd shred wipe truncate mkfs fdisk sqlite3 psql mysql redis-cli mongo'
  ).split(' '),
);

export const SUBCOMMANDS: ReadonlySet<string> = new Set(
  (
    'add apply archive attach auth build cat checkout cherry-pick clone commit config cp create ' +
    'credential delete deploy describe diff download edit exec export fetch get help import ' +
    'init inspect install link list log login logout logs ls merge mv pack port-forward ' +
    'publish pull push rebase remote reset restore rm run s3 secret secrets set show ssm start ' +
    'status stop submodule sync tag token uninstall update upgrade upload version whoami iam ' +
    'sts cp-file get-secret-value get-caller-identity proxy cluster compute storage repo api ' +
    'release gist'
  ).split(' '),
);

/** Programs whose second word is a subcommand. */
export const WITH_SUBCOMMANDS: ReadonlySet<string> = new Set(
  'git gh docker podman kubectl helm terraform aws gcloud az npm yarn pnpm pip pip3 cargo go systemctl gem'.split(
    ' ',
  ),
);

export const TOOLS: ReadonlySet<string> = new Set(
  (
    'Bash Read Write Edit MultiEdit NotebookEdit Glob Grep LS WebFetch WebSearch Task TodoWrite ' +
    'shell exec run_command read_file write_file edit_file list_directory search fetch ' +
    'http_request browser_navigate sql_query'
  ).split(' '),
);

/** Argument names of common tool schemas; any other name becomes `<key>`. */
export const ARG_KEYS: ReadonlySet<string> = new Set(
  (
    'command description timeout url prompt query sql path file_path filePath paths content ' +
    'old_string new_string pattern glob text body data headers method code args arguments ' +
    'input output name value key id target source destination dest host port user username ' +
    'password token secret env cwd directory dir file files recursive force script language ' +
    'message repo branch ref'
  ).split(' '),
);
