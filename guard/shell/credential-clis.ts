// Secret managers' and clouds' CLIs asked to print a credential's value (docs/guard.md "Shell analysis"): a credential read, as reading the file would be.
import { kubeFormatNamesOnly } from './kube-secret-columns.js';
import { nonSecretFieldRead } from './secret-cli-fields.js';
import type { ShellCommand } from './model.js';
import { toolConfigSecretRead } from './tool-config-secrets.js';

/** The words of a command that are not options, nor the value of an option written `-o VALUE`. */
function positionals(argv: readonly string[], valued: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--') {
      out.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('-') && a.length > 1) {
      if (valued.has(a)) i++;
    } else out.push(a);
  }
  return out;
}

const NONE: ReadonlySet<string> = new Set();
const KUBE_VALUED = new Set(['-n', '--namespace', '-l', '--selector', '--context', '-c']);
const AWS_VALUED = new Set(['--profile', '--region', '--output', '--query', '--endpoint-url']);

function flag(argv: readonly string[], re: RegExp): boolean {
  return argv.some((a) => re.test(a));
}

/** `-o yaml`, `-ojson`, `--output=jsonpath=...`: a format that prints a secret's data, not its name. */
function kubeValues(argv: readonly string[]): boolean {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const v =
      a === '-o' || a === '--output'
        ? (argv[i + 1] ?? '')
        : /^(?:-o=?|--output=)/.test(a)
          ? a.replace(/^(?:-o=?|--output=)/, '')
          : null;
    if (
      v !== null &&
      /^(?:ya?ml|json|jsonpath|go-template|template|custom-columns)/.test(v) &&
      !kubeFormatNamesOnly(v)
    )
      return true;
  }
  return false;
}

function kubectl(argv: readonly string[]): string | null {
  const [verb, what] = positionals(argv, KUBE_VALUED);
  if (verb === 'get' && /(?:^|,)secrets?(?:\/|,|$)/.test(what ?? '') && kubeValues(argv))
    return 'kubectl prints a secret';
  if (verb === 'view-secret' || (verb === 'extract' && /^secrets?\//.test(what ?? '')))
    return `kubectl ${verb}`;
  if (verb === 'create' && what === 'token') return 'kubectl create token';
  if (verb === 'config' && what === 'view' && flag(argv, /^--raw$/)) return 'kubectl config --raw';
  return null;
}

function aws(argv: readonly string[]): string | null {
  const [svc, op, key] = positionals(argv, AWS_VALUED);
  const decrypted = flag(argv, /^--with-decryption$/);
  switch (`${svc ?? ''} ${op ?? ''}`) {
    case 'secretsmanager get-secret-value':
    case 'secretsmanager batch-get-secret-value':
    case 'sts get-session-token':
    case 'configure export-credentials':
      return `aws ${svc ?? ''} ${op ?? ''}`;
    case 'ssm get-parameter':
    case 'ssm get-parameters':
    case 'ssm get-parameters-by-path':
    case 'ssm get-parameter-history':
      return decrypted ? `aws ssm ${op ?? ''} --with-decryption` : null;
    case 'configure get':
      return /secret|token|key_id|password/i.test(key ?? '') ? 'aws configure get' : null;
    default:
      return null;
  }
}

/** Each CLI: its positional words joined by spaces, matched from the start (a secret's name may follow). */
const BY_WORDS: Record<string, RegExp> = {
  vault: /^(?:kv (?:get|patch -r)|read (?!sys\/)|token create|print token|login -token-only)/,
  gcloud:
    /^(?:secrets versions access|auth (?:application-default )?print-(?:access|identity)-token|config config-helper)/,
  az: /^(?:keyvault secret (?:show|download)|account get-access-token|(?:storage account|cosmosdb|redis|search admin-key|cognitiveservices account) keys list|acr credential show)/,
  op: /^(?:read|item get|document get)\b/,
  pass: /^(?!(?:ls|list|find|search|grep|insert|add|generate|edit|rm|remove|delete|mv|rename|cp|copy|init|git|version|help)(?: |$))[^ ]+/,
  gopass: /^(?:show|cat|otp)\b/,
  bw: /^(?:get (?:password|item|notes|totp|exposed)|list items)\b/,
  lpass: /^show\b/,
  doppler: /^(?:secrets(?: get| download)?$|secrets (?:get|download)\b)/,
  infisical: /^(?:secrets(?: get)?$|secrets get\b|export\b)/,
  chamber: /^(?:read|export)\b/,
  'ansible-vault': /^(?:view|decrypt)\b/,
  heroku: /^(?:config$|config:get\b|auth:token)/,
  'keepassxc-cli': /^(?:show|clip)\b/,
  'secret-tool': /^(?:lookup|search)\b/,
};

/** A Go template that prints a container's environment (`{{.Config.Env}}`, `{{json .Config}}`). */
const ENV_TEMPLATE = /\.Config\.Env\b|\{\{\s*(?:json\s+)?\.Config\s*\}\}/;

/**
 * `docker inspect -f '{{.Config.Env}}' app` (also `container inspect`, podman, nerdctl): the
 * container's environment, where its keys live, printed to the agent.
 */
function inspectEnv(argv: readonly string[]): string | null {
  const sub = argv[1] === 'container' ? argv[2] : argv[1];
  if (sub !== 'inspect') return null;
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const t = a === '-f' || a === '--format' ? argv[i + 1] : /^(?:--format=|-f)(.+)$/.exec(a)?.[1];
    if (t !== undefined && ENV_TEMPLATE.test(t))
      return `${argv[0] ?? ''} inspect prints the environment`;
  }
  return null;
}

/** What prints a credential here, for the decision's reason (program and sub-command only), or null. */
export function cliCredentialRead(cmd: ShellCommand): string | null {
  const { argv, name } = cmd;
  switch (name) {
    case 'kubectl':
    case 'oc':
      return kubectl(argv);
    case 'aws':
      return aws(argv);
    case 'sops':
      return flag(argv, /^(?:-d|--decrypt)$/) || argv[1] === 'decrypt' ? 'sops decrypt' : null;
    case 'security':
      return /^(?:find-generic-password|find-internet-password|dump-keychain|export)$/.test(
        argv[1] ?? '',
      )
        ? `security ${argv[1] ?? ''}`
        : null;
    case 'docker':
    case 'podman':
    case 'nerdctl':
      return inspectEnv(argv);
    case 'keyctl':
      return /^(?:print|pipe|read)$/.test(argv[1] ?? '') ? `keyctl ${argv[1] ?? ''}` : null;
    case 'vaultcmd':
    case 'vaultcmd.exe':
      // the Windows vault's entries (`/listcreds:"Windows Credentials" /all`); `cmdkey /list` names
      // saved logons only and stays a developer's check
      return flag(argv, /^\/listcreds\b/i) ? 'vaultcmd lists the vault' : null;
    case 'keyring':
      // Python keyring's CLI (`keyring get twine __token__`) prints the stored password
      return argv[1] === 'get' ? 'keyring get' : null;
    case 'python':
    case 'python3':
      return argv[1] === '-m' && argv[2] === 'keyring' && argv[3] === 'get'
        ? 'python -m keyring get'
        : null;
    case 'kwallet-query':
      return flag(argv, /^(?:-r|--read-password)$/) ? 'kwallet-query reads a password' : null;
    case 'kwalletcli':
      return flag(argv, /^-e$/) && !flag(argv, /^-P$/) ? 'kwalletcli reads an entry' : null;
    case 'gpg':
    case 'gpg2':
      return flag(argv, /^--export-secret-(?:keys|subkeys)$/) ? 'gpg exports secret keys' : null;
    default: {
      if (/^docker-credential-/.test(name)) return name;
      const re = BY_WORDS[name];
      if (re === undefined) return toolConfigSecretRead(cmd);
      // `doppler secrets --only-names` lists the names alone
      if (flag(argv, /^--only-names$/) || nonSecretFieldRead(name, argv)) return null;
      return re.test(positionals(argv, NONE).join(' ')) ? `${name} prints a secret` : null;
    }
  }
}
