// A GitHub Actions workflow that runs a pull request's own code with the base repository's
// secrets and write token: `pull_request_target` (or `workflow_run`) together with a checkout of
// the pull request's head (docs/guard.md "Detectors").
import { writtenText } from './sensitive-paths.js';

const WORKFLOW_FILE = /(?:^|\/)\.github\/workflows\/[^/]+\.ya?ml$/;
/** Triggers that run with the base repository's secrets whatever the pull request's author. */
const PRIVILEGED_TRIGGER = /\b(?:pull_request_target|workflow_run)\b/;
/** The pull request's head named as what to check out or fetch. */
const PR_HEAD =
  /github\.event\.pull_request\.head\.(?:sha|ref)|github\.event\.workflow_run\.head_(?:sha|branch)|github\.head_ref|refs\/pull\/[^\s'"]*\/(?:head|merge)/;

/** Whether a file tool's arguments write such a workflow. */
export function writesPwnRequest(args: Record<string, unknown>): boolean {
  const file = [args.file_path, args.path, args.target_file].find((v) => typeof v === 'string');
  if (typeof file !== 'string' || !WORKFLOW_FILE.test(file)) return false;
  const text = writtenText(args);
  return text !== null && PRIVILEGED_TRIGGER.test(text) && PR_HEAD.test(text);
}
