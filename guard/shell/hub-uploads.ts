// Uploads to machine-learning and data hubs (docs/guard.md "Egress"): `huggingface-cli upload` and
// `hf upload`, `HfApi().upload_file(repo_id=...)` and `push_to_hub` in Python code, `kaggle datasets
// create|version`, `wandb artifact put`, and `dvc push` to a remote the same script adds. The hub
// is the destination, and who reads what lands there is the repository's owner: a repository id
// names it (`owner/name`). A model the project trained (checkpoints, `outputs/`, weights files,
// `--repo-type model`) is the project's work published; data (`--repo-type dataset`, data files, a
// data folder, or the whole working folder) is the project's only under the signed-in account (no
// owner named) or an owner of one of the project's git remotes (guard/egress/project-remotes.ts),
// else it is data leaving.
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { isCredentialPath } from '../sensitive-paths.js';

/** huggingface-cli / hf upload options that take a value (never the repository or a file). */
const HF_VALUED = new Set([
  '--repo-type',
  '--revision',
  '--include',
  '--exclude',
  '--delete',
  '--commit-message',
  '--commit-description',
  '--token',
  '--every',
  '--num-workers',
]);
/**
 * A training run's output: checkpoints, output and model folders, weights files. A folder named for
 * a model, checkpoint or adapter may carry a qualifier (`model-out`, `trained_model`, `lora-r16`).
 */
const MODEL_OUTPUT =
  /(?:^|\/)(?:outputs?|checkpoint-\d+|artifacts|runs|results|saved_models?|final|(?:[\w.]+[-_])?(?:models?|checkpoints?|ckpts?|adapters?|lora|weights)(?:[-_][\w.]+)?)(?:\/|$)|\.(?:safetensors|bin|pt|pth|ckpt|onnx|gguf|h5|keras|tflite|mlmodel)$/i;

/** A hub API call that sends files, with its repository id (`repo_id="org/name"` or the first string). */
const HUB_CALL =
  /\b(?:upload_file|upload_folder|upload_large_folder|create_commit|push_to_hub)\s*\(([^)]{0,600})\)/g;
const REPO_ID = /\brepo_id\s*=\s*["']([^"']{1,200})["']|^\s*["']([^"']{1,200})["']/;

function upload(detail: string, repo: string | undefined): IntentHit {
  const owner = repo?.includes('/') === true ? repo.split('/')[0] : undefined;
  return { intent: 'upload', detail, hosts: [], hubOwner: owner ?? '' };
}

function huggingFace(argv: readonly string[]): IntentHit[] {
  const [prog, sub] = argv;
  if (!/^(?:huggingface-cli|hf)$/.test(prog ?? '') || !/^upload(?:-large-folder)?$/.test(sub ?? ''))
    return [];
  const ops = argv
    .slice(2)
    .filter((a, i, all) => !a.startsWith('-') && !(i > 0 && HF_VALUED.has(all[i - 1] ?? '')));
  const typeAt = argv.findIndex((a) => a === '--repo-type' || a.startsWith('--repo-type='));
  const type =
    typeAt < 0 ? 'model' : ((argv[typeAt] ?? '').split('=')[1] ?? argv[typeAt + 1] ?? '');
  const local = ops[1];
  const model = type === 'model' && local !== undefined && MODEL_OUTPUT.test(local);
  const hits = model ? [] : [upload(`${prog ?? ''} upload to ${ops[0] ?? '?'}`, ops[0])];
  if (ops.slice(1).some(isCredentialPath))
    hits.push({ intent: 'credential_read', detail: `${prog ?? ''} uploads a credential file` });
  return hits;
}

/** `dvc remote add NAME URL` earlier in the script: a push to NAME goes where this script says. */
function dvcPushToAdded(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const [, sub] = cmd.argv;
  if (sub !== 'push') return [];
  const at = cmd.argv.findIndex((a) => a === '-r' || a === '--remote');
  const name = at > 0 ? cmd.argv[at + 1] : undefined;
  const added = all.commands.some(
    (c) =>
      c.name === 'dvc' &&
      c.argv[1] === 'remote' &&
      c.argv[2] === 'add' &&
      c.argv.slice(3).find((a) => !a.startsWith('-')) === name,
  );
  return name !== undefined && added
    ? [{ intent: 'upload', detail: `dvc push to remote ${name} added here`, hosts: [] }]
    : [];
}

/** Uploads a shell command makes to a data hub. */
export function hubUploadIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  switch (cmd.name) {
    case 'huggingface-cli':
    case 'hf':
      return huggingFace(cmd.argv);
    case 'kaggle':
      // the dataset's owner is in its metadata file, unread here: a new public copy of the data
      return cmd.argv[1] === 'datasets' && /^(?:create|version)$/.test(cmd.argv[2] ?? '')
        ? [{ intent: 'upload', detail: `kaggle datasets ${cmd.argv[2] ?? ''}`, hosts: [] }]
        : [];
    case 'wandb': {
      if (cmd.argv[1] !== 'artifact' || cmd.argv[2] !== 'put') return [];
      const at = cmd.argv.findIndex((a) => a === '--name' || a === '-n');
      const name = at > 0 ? (cmd.argv[at + 1] ?? '') : '';
      // `entity/project/artifact` names the entity; `project/artifact` is the signed-in default
      const parts = name.split('/');
      const kind = cmd.argv[cmd.argv.findIndex((a) => a === '--type' || a === '-t') + 1];
      if (kind === 'model') return [];
      return [upload(`wandb artifact put to ${name}`, parts.length >= 3 ? name : undefined)];
    }
    case 'dvc':
      return dvcPushToAdded(cmd, all);
    default:
      return [];
  }
}

/** Hub uploads in interpreter code (`HfApi().upload_file(..., repo_id="org/name")`). */
export function hubCodeUploads(code: string): IntentHit[] {
  if (!code.includes('_hub') && !code.includes('upload_') && !code.includes('create_commit'))
    return [];
  const hits: IntentHit[] = [];
  for (const m of code.matchAll(HUB_CALL)) {
    const args = m[1] ?? '';
    const r = REPO_ID.exec(args);
    const paths = [
      ...args.matchAll(/\b(?:path_or_fileobj|folder_path)\s*=\s*["']([^"']{1,200})["']/g),
    ];
    if (
      !/repo_type\s*=\s*["']dataset/.test(args) &&
      paths.length > 0 &&
      paths.every((p) => MODEL_OUTPUT.test(p[1] ?? ''))
    )
      continue;
    hits.push(upload('code uploads to a hub repository', r?.[1] ?? r?.[2]));
  }
  return hits;
}
