// The intent classifier: what a parsed shell script would do, in the closed vocabulary rules use.
import { agentSocketHijack } from './agent-socket-hijack.js';
import { listedHomeLoop } from './listed-home-loop.js';
import { loopLineSends } from './loop-line-sends.js';
import { procEnvironLoop } from './proc-environ-loop.js';
import { hubCodeUploads, hubUploadIntents } from './hub-uploads.js';
import { secretStoreRepo } from './repo-secret-scope.js';
import type { ShellAnalysis, ShellCommand } from './model.js';
import { deleteIntents } from './intent-delete.js';
import { gitIntents } from './intent-git.js';
import { networkIntents } from './intent-network.js';
import { publishIntents } from './intent-publish.js';
import { hostIntents } from './intent-host.js';
import { dynamicIntents } from './intent-dynamic.js';
import { containerIntents } from './intent-container.js';
import { infraIntents } from './intent-infra.js';
import { dataLossIntents } from './intent-data-loss.js';
import { remoteDeleteIntents } from './remote-deletes.js';
import { dataToolIntents } from './intent-data-tools.js';
import { trackedTreeWipe } from './tracked-tree-wipe.js';
import { sqlIntents } from './intent-sql.js';
import { datastoreIntents } from './intent-datastore.js';
import { storageIntents } from './intent-storage.js';
import { publicShareIntents } from './intent-public-share.js';
import { exposedFolderIntents } from './intent-exposed-folder.js';
import { mailIntents } from './intent-mail.js';
import { gitConfigIntents } from './intent-git-config.js';
import { tokenForItsIssuer } from './issuer-token.js';
import { credentialRouted } from './credential-route.js';
import { powershellIssuerReads } from './powershell-issuer-route.js';
import { manifestIntoCluster } from './secret-consumers.js';
import { envLoadForIssuers } from './env-load.js';
import { dryRun, dryRunPrintsNameOnly } from './dry-run.js';
import { editorExtensionIntents } from './editor-extension-files.js';

export const INTENTS = [
  'destructive_delete',
  'disk_wipe',
  'force_push',
  'history_rewrite',
  'discard_work',
  'git_credential',
  'credential_read',
  'fetch_pipe_shell',
  'decode_pipe_shell',
  'reverse_shell',
  'privilege_change',
  'sensitive_write',
  'upload',
  'network',
  'security_disable',
  'resource_exhaustion',
  'dynamic_command',
  'infra_destroy',
] as const;
export type Intent = (typeof INTENTS)[number];

export interface IntentHit {
  intent: Intent;
  /** What was seen, for the decision's reason (never a secret value: paths and program names only). */
  detail: string;
  /** Hosts or URLs the command reaches (intents `network` and `upload`). */
  hosts?: string[];
  /** The repository URL a `git push` names instead of a configured remote (intent `upload`). */
  remote?: string;
  /** What of one compose project an `infra_destroy` removes (guard/shell/compose-scope.ts). */
  compose?: { names?: string[]; project?: string };
  /** The account a hub upload goes to, '' for the signed-in one (guard/shell/hub-uploads.ts). */
  hubOwner?: string;
  /** The repository (`host/owner/repo`) whose CI secrets alone receive what was read (guard/shell/repo-secret-scope.ts). */
  repo?: string;
  /** A destroy narrowed by `-target`: production's only in a production folder (guard/shell/targeted-destroy.ts). */
  targeted?: true;
  /** A data tool's reset naming no environment: production's only in a server's folder (guard/shell/server-folder.ts). */
  server?: true;
  /** A history rewrite of the call's folder: none when that folder is a rewrite copy (guard/shell/rewrite-copy.ts). */
  inCwd?: true;
}

export type Classifier = (cmd: ShellCommand, all: ShellAnalysis) => IntentHit[];

/** Appends `found` to `hits` (a classifier's result is mostly empty: no spread, no copy). */
function append(hits: IntentHit[], found: readonly IntentHit[]): void {
  for (let i = 0; i < found.length; i++) hits.push(found[i] as IntentHit);
}

/**
 * Every classifier over one command. Each is called from its own site rather than through a list:
 * one call site per function keeps each call monomorphic, so the JIT inlines it.
 */
function classifyCommand(hits: IntentHit[], cmd: ShellCommand, all: ShellAnalysis): void {
  append(hits, deleteIntents(cmd, all));
  append(hits, gitIntents(cmd, all));
  append(hits, networkIntents(cmd, all));
  append(hits, publishIntents(cmd, all));
  append(hits, hubUploadIntents(cmd, all));
  append(hits, hostIntents(cmd, all));
  append(hits, dynamicIntents(cmd, all));
  append(hits, containerIntents(cmd));
  append(hits, infraIntents(cmd, all));
  append(hits, dataLossIntents(cmd));
  append(hits, remoteDeleteIntents(cmd));
  append(hits, sqlIntents(cmd, all));
  append(hits, datastoreIntents(cmd, all));
  append(hits, storageIntents(cmd));
  append(hits, publicShareIntents(cmd));
  append(hits, mailIntents(cmd, all));
  append(hits, gitConfigIntents(cmd));
  append(hits, editorExtensionIntents(cmd, all));
}

/** Removes the credential hits from `from` on: the token goes only where it was issued for. */
function dropCredentialHits(hits: IntentHit[], from: number): void {
  const kept = hits
    .splice(from)
    .filter((h) => h.intent !== 'git_credential' && h.intent !== 'credential_read');
  append(hits, kept);
}

/** Marks the credential hits from `from` on as stored only in `repo`'s secrets (when it is known). */
function tagSecretStoreRepo(hits: IntentHit[], from: number, repo: string | null): void {
  if (repo === null) return;
  for (let i = from; i < hits.length; i++) {
    const h = hits[i] as IntentHit;
    if (h.intent === 'credential_read') hits[i] = { ...h, repo };
  }
}

/** What a documented dry run cannot do: destroy, discard, or (printing only a name) show a file read. */
const DRY_RUN_HARMLESS = new Set<Intent>(['infra_destroy', 'destructive_delete', 'discard_work']);

function dropDryRunHits(hits: IntentHit[], from: number, nameOnly: boolean): void {
  const kept = hits
    .splice(from)
    .filter(
      (h) => !DRY_RUN_HARMLESS.has(h.intent) && !(nameOnly && h.intent === 'credential_read'),
    );
  append(hits, kept);
}

export function classify(analysis: ShellAnalysis, source: string): IntentHit[] {
  const hits: IntentHit[] = [];
  for (const cmd of analysis.commands) {
    const from = hits.length;
    classifyCommand(hits, cmd, analysis);
    if (
      hits.length > from &&
      ((cmd.substitution && tokenForItsIssuer(cmd, analysis)) ||
        envLoadForIssuers(cmd, analysis) ||
        credentialRouted(cmd, analysis) ||
        manifestIntoCluster(cmd, analysis))
    )
      dropCredentialHits(hits, from);
    else if (hits.length > from) tagSecretStoreRepo(hits, from, secretStoreRepo(cmd, analysis));
    if (hits.length > from && dryRun(cmd)) dropDryRunHits(hits, from, dryRunPrintsNameOnly(cmd));
  }
  if (source.includes('()') && /:\s*\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}/.test(source))
    hits.push({ intent: 'resource_exhaustion', detail: 'fork bomb' });
  append(hits, dataToolIntents(analysis, source));
  append(hits, trackedTreeWipe(analysis, source));
  append(hits, exposedFolderIntents(analysis));
  if (source.includes('_AUTH_SOCK') || source.includes('GPG_AGENT_INFO'))
    append(hits, agentSocketHijack(source));
  if (source.includes('for ') && source.includes('done')) {
    append(hits, listedHomeLoop(source));
    if (source.includes('/proc/')) append(hits, procEnvironLoop(source));
  }
  if ((source.includes('read') && source.includes('done')) || source.includes('xargs'))
    append(hits, loopLineSends(analysis));
  for (const s of analysis.scripts) {
    append(hits, scriptIntents(s.interpreter, s.code));
    if (s.hits !== undefined)
      append(
        hits,
        s.interpreter === 'pwsh' ? powershellIssuerReads(s.hits, s.code, analysis) : s.hits,
      );
  }
  return hits;
}

const SCRIPT_REVERSE: RegExp[] = [
  /socket[\s\S]{0,400}(?:subprocess|pty\.spawn|os\.dup2|\/bin\/(?:ba)?sh)/,
  /(?:subprocess|pty\.spawn|os\.dup2)[\s\S]{0,400}socket[\s\S]{0,200}connect/,
  /use\s+Socket[\s\S]{0,400}exec/,
  /TCPSocket[\s\S]{0,300}(?:exec|spawn|system|IO\.popen)/,
  /fsockopen[\s\S]{0,300}(?:exec|shell_exec|system|proc_open|passthru)/,
  /net\.(?:connect|Socket|createConnection)[\s\S]{0,400}(?:child_process|spawn\(\s*['"]\/bin\/(?:ba)?sh)/,
  /child_process[\s\S]{0,400}net\.(?:connect|Socket|createConnection)/,
];
const SCRIPT_DELETE =
  /(?:shutil\.rmtree|\.rmSync|\.rmdirSync|FileUtils\.rm_rf|rmtree)\s*\(\s*(?:['"](?:\/|~|\/home\/[^'"/]*|\/Users\/[^'"/]*)\/?['"]|os\.path\.expanduser\(\s*['"]~\/?['"]\s*\)|os\.environ\[['"]HOME['"]\]|Path\.home\(\)|(?:require\(\s*['"]os['"]\s*\)|os)\.homedir\(\))/;

function scriptIntents(interpreter: string, code: string): IntentHit[] {
  const hits: IntentHit[] = [];
  if (SCRIPT_REVERSE.some((r) => r.test(code)))
    hits.push({ intent: 'reverse_shell', detail: `${interpreter} socket to shell` });
  if (SCRIPT_DELETE.test(code))
    hits.push({
      intent: 'destructive_delete',
      detail: `${interpreter} recursive delete of home or root`,
    });
  if (/(?:\.ssh\/id_|\.aws\/credentials|\.git-credentials|\.netrc|\/etc\/shadow)/.test(code))
    hits.push({ intent: 'credential_read', detail: `${interpreter} opens a credential file` });
  hits.push(...hubCodeUploads(code));
  return hits;
}
