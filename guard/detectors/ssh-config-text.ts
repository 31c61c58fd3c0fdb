// An Edit or Write of `~/.ssh/config` whose text only names hosts and how to log in to them
// (HostName, User, Port, IdentityFile, keep-alives): ssh reads it, but nothing in it runs a
// command, forwards the agent or a port back, or trusts an unknown host key for every host
// (docs/guard.md "Detectors").

const SSH_CONFIG = /^~\/\.ssh\/config$/;

/** Directives that choose where, as whom and how a connection is made, and nothing more. */
const PLAIN = new Set([
  'host',
  'hostname',
  'user',
  'port',
  'identityfile',
  'identitiesonly',
  'identityagent',
  'certificatefile',
  'addkeystoagent',
  'usekeychain',
  'serveraliveinterval',
  'serveralivecountmax',
  'tcpkeepalive',
  'compression',
  'connecttimeout',
  'connectionattempts',
  'preferredauthentications',
  'pubkeyauthentication',
  'passwordauthentication',
  'kbdinteractiveauthentication',
  'loglevel',
  'addressfamily',
  'hashknownhosts',
  'updatehostkeys',
  'checkhostip',
  'controlmaster',
  'controlpath',
  'controlpersist',
  'ciphers',
  'macs',
  'kexalgorithms',
  'hostkeyalgorithms',
  'pubkeyacceptedkeytypes',
  'pubkeyacceptedalgorithms',
  'proxyjump',
  'localforward',
  'dynamicforward',
  'requesttty',
  'ipqos',
  'visualhostkey',
  'batchmode',
]);

/** `Keyword value` or `Keyword=value`, the keyword case-insensitive. */
const LINE = /^\s*([A-Za-z]+)(?:\s*=\s*|\s+)(.*?)\s*$/;

/** True when every line of `text` is blank, a comment or a directive that runs and forwards nothing. */
function plainSshConfig(text: string): boolean {
  if (text.length > 16384) return false;
  let wildcard = true; // lines before any `Host` apply to every host
  for (const raw of text.split('\n')) {
    const t = raw.trim();
    if (t === '' || t.startsWith('#')) continue;
    const m = LINE.exec(t);
    const key = (m?.[1] ?? '').toLowerCase();
    const value = (m?.[2] ?? '').toLowerCase();
    if (key === 'host') wildcard = /[*?]|^!/.test(value);
    else if (key === 'match') {
      // `Match exec` runs a command to decide; host, user and the rest only compare names
      if (/\bexec\b/.test(value)) return false;
      wildcard = /\ball\b|[*?]/.test(value);
    } else if (key === 'include') {
      // another file under ~/.ssh (`Include config.d/*`) is itself a sensitive write
      if (!/^(?:~\/\.ssh\/|(?!\/|~|\.\.)[\w./*-]+$)/.test(value) || value.includes('..'))
        return false;
    } else if (key === 'stricthostkeychecking' || key === 'userknownhostsfile') {
      // trusting any host key is tolerable for one named host (a lab box), never for all
      const trustsAll = /^(?:no|off|\/dev\/null)$/.test(value);
      if (trustsAll && wildcard) return false;
    } else if (key === 'forwardagent' || key === 'forwardx11') {
      if (value !== 'no') return false;
    } else if (!PLAIN.has(key)) return false;
    if (/[`]|\$\(/.test(value)) return false;
  }
  return true;
}

/** The text an Edit, MultiEdit or Write puts into `~/.ssh/config` holds only plain directives. */
export function plainSshConfigWrite(path: string, text: string | null): boolean {
  return SSH_CONFIG.test(path) && text !== null && plainSshConfig(text);
}
