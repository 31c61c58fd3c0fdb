// A CI pipeline step that downloads code and runs it, or sends every secret away: the runner holds
// the repository's secrets and publishing tokens, so a `curl ... | bash` written into a pipeline
// runs a stranger's script with them on every push, and `${{ toJSON(secrets) }}` handed to a
// request gives all of them at once (docs/guard.md "Detectors").
import { writtenText } from './sensitive-paths.js';

/** Pipeline definitions of GitHub Actions, GitLab, Azure Pipelines, Jenkins, CircleCI, Bitbucket. */
const CI_FILE =
  /(?:^|\/)(?:\.github\/workflows\/[^/]+\.ya?ml|\.gitlab-ci\.ya?ml|azure-pipelines[^/]*\.ya?ml|Jenkinsfile[^/]*|\.circleci\/config\.ya?ml|bitbucket-pipelines\.ya?ml)$/;
/** A YAML step's key or list marker, or a Jenkins `sh '...'`, before the command it runs. */
const STEP_PREFIX =
  /^\s*(?:-\s+)?(?:(?:run|script|bash|sh|pwsh|powershell|command|inlineScript)\s*:\s*[|>]?[-+]?\s*)?(?:sh\s*\(?\s*)?['"]?/;
/** The download-and-run intents the shell analysis reports. */
const RUNS_DOWNLOAD = new Set(['fetch_pipe_shell', 'decode_pipe_shell']);
/**
 * What reaches a host (or runs what a host sent, which may send anything): with every secret on the
 * same line, any request may carry them (`curl -d "$(echo '${{ toJSON(secrets) }}' | base64)"`).
 */
const SENDS = new Set(['upload', 'network', 'fetch_pipe_shell', 'decode_pipe_shell']);
/**
 * Every secret or variable at once: GitHub's `toJSON(secrets)`/`toJSON(env)`/`toJSON(vars)`, or the
 * whole environment printed into a pipe (`env |`, `printenv |`, `export -p |`, `set |`).
 */
const ALL_SECRETS =
  /\$\{\{\s*toJSON\(\s*(?:secrets|env|vars)\s*\)\s*\}\}|(?:^|[;&|(`]\s*|\$\(\s*)(?:env|printenv|export\s+-p|set|declare\s+-x)\s*(?:\||\))/i;
/** A workflow expression (`${{ secrets.X }}`): the runner puts its value in before the shell reads the line. */
const EXPRESSION = /\$\{\{[^}\n]{0,512}\}\}/g;
/** Most lines of a written pipeline read. */
const MAX_LINES = 2_000;

type Shell = (s: string) => { intents: readonly { intent: string }[] };

/** The commands of each written pipeline line that may pipe or substitute, with its raw text. */
function stepCommands(path: string, args: Record<string, unknown>): [string, string][] {
  if (!CI_FILE.test(path)) return [];
  const text = writtenText(args);
  if (text === null) return [];
  const out: [string, string][] = [];
  for (const line of text.split('\n').slice(0, MAX_LINES)) {
    if (!/\||<\(|\$\(|\b(?:iex|Invoke-Expression)\b|\$\{\{/i.test(line)) continue;
    const prefix = STEP_PREFIX.exec(line)?.[0] ?? '';
    let command = line.slice(prefix.length);
    // a Jenkins `sh '...'` or a quoted YAML scalar: the closing quote goes with the opening one
    if (/['"]$/.test(prefix)) command = command.replace(/['"]\s*\)?\s*$/, '');
    // a variable to the shell reader: the runner's value is unknown text, never a constant
    out.push([line, command.replace(EXPRESSION, '$CI_EXPRESSION')]);
  }
  return out;
}

/** Whether a file tool's arguments write a pipeline step that downloads and runs code. */
export function writesCiDownloadRun(
  path: string,
  args: Record<string, unknown>,
  shell: Shell,
): boolean {
  return stepCommands(path, args).some(([, c]) =>
    shell(c).intents.some((h) => RUNS_DOWNLOAD.has(h.intent)),
  );
}

/** Whether a written pipeline step hands every secret (or the whole environment) to a host. */
export function writesCiSecretsOut(
  path: string,
  args: Record<string, unknown>,
  shell: Shell,
): boolean {
  return stepCommands(path, args).some(
    ([line, c]) =>
      (ALL_SECRETS.test(line) || ALL_SECRETS.test(c)) &&
      shell(c).intents.some((h) => SENDS.has(h.intent)),
  );
}
