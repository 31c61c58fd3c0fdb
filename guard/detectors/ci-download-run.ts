// A CI pipeline step that downloads code and runs it: the runner holds the repository's secrets and
// publishing tokens, so a `curl ... | bash` written into a pipeline runs a stranger's script with
// them on every push (docs/guard.md "Detectors").
import { writtenText } from './sensitive-paths.js';

/** Pipeline definitions of GitHub Actions, GitLab, Azure Pipelines, Jenkins, CircleCI, Bitbucket. */
const CI_FILE =
  /(?:^|\/)(?:\.github\/workflows\/[^/]+\.ya?ml|\.gitlab-ci\.ya?ml|azure-pipelines[^/]*\.ya?ml|Jenkinsfile[^/]*|\.circleci\/config\.ya?ml|bitbucket-pipelines\.ya?ml)$/;
/** A YAML step's key or list marker, or a Jenkins `sh '...'`, before the command it runs. */
const STEP_PREFIX =
  /^\s*(?:-\s+)?(?:(?:run|script|bash|sh|pwsh|powershell|command|inlineScript)\s*:\s*[|>]?[-+]?\s*)?(?:sh\s*\(?\s*)?['"]?/;
/** The download-and-run intents the shell analysis reports. */
const RUNS_DOWNLOAD = new Set(['fetch_pipe_shell', 'decode_pipe_shell']);
/** Most lines of a written pipeline read. */
const MAX_LINES = 2_000;

/** Whether a file tool's arguments write a pipeline step that downloads and runs code. */
export function writesCiDownloadRun(
  path: string,
  args: Record<string, unknown>,
  shell: (s: string) => { intents: readonly { intent: string }[] },
): boolean {
  if (!CI_FILE.test(path)) return false;
  const text = writtenText(args);
  if (text === null) return false;
  for (const line of text.split('\n').slice(0, MAX_LINES)) {
    if (!/\||<\(|\$\(|\b(?:iex|Invoke-Expression)\b/i.test(line)) continue;
    const prefix = STEP_PREFIX.exec(line)?.[0] ?? '';
    let command = line.slice(prefix.length);
    // a Jenkins `sh '...'` or a quoted YAML scalar: the closing quote goes with the opening one
    if (/['"]$/.test(prefix)) command = command.replace(/['"]\s*\)?\s*$/, '');
    if (shell(command).intents.some((h) => RUNS_DOWNLOAD.has(h.intent))) return true;
  }
  return false;
}
