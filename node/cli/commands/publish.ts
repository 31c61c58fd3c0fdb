// `mesh publish`: a pack (or DAP task file) into the TUF repository and the transparency log
// (docs/architecture.md "Publish"); `--ring stable` writes a ceremony proposal, `--apply` finishes one.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { DELEGATIONS } from '../../../governance/index.js';
import {
  parseCheckpoint,
  parseNote,
  parseVkey,
  signerVkey,
  type WitnessEndpoint,
} from '../../../log/index.js';
import {
  applyInitial,
  applySigned,
  initDir,
  compilePack,
  packTargetPath,
  parseRing,
  proposeOffline,
  publishOnline,
  PublishKeys,
  refreshRepository,
  requirePassingPackTests,
  taskTargetPath,
  witnessFloor,
  withRepoLock,
  type PublishRules,
  type PublishContext,
  type PublishResult,
} from '../../../packs/index.js';
import { proposalDigest, proposalToJson } from '../../../tuf/index.js';
import { UsageError } from '../../errors.js';
import { writeFileAtomic } from '../../../common/index.js';
import {
  demoWarning,
  governancePolicy,
  governanceSectionAt,
  publishRules,
} from '../../state/governance.js';
import { contextFor, type CommandContext } from '../context.js';
import { refuseProposal } from '../../consensus/apply-cli.js';
import { membersAdditions } from '../../tokens/publish-members.js';
import { collect } from '../repeatable-option.js';

export interface PublishFlags {
  repo: string;
  keys: string;
  ring?: string;
  task?: string;
  members?: string;
  name?: string;
  apply?: string[];
  role?: string;
  witness?: string[];
  quorum?: string;
  logOrigin?: string;
  out?: string;
  refresh?: boolean;
  profile?: string;
  forceUnwitnessed?: boolean;
  json?: boolean;
}

const DEFAULT_ORIGIN = 'interlock-mesh/log';

/** --witness URL=VKEY; a bare host URL gets the witness role's /witness prefix. */
export function parseWitnessFlag(flag: string): WitnessEndpoint {
  const at = flag.indexOf('=');
  if (at < 0) throw new UsageError(`--witness ${flag}: expected URL=VKEY`);
  let url: URL;
  try {
    url = new URL(flag.slice(0, at));
  } catch {
    throw new UsageError(`--witness ${flag}: not a URL`);
  }
  const base = url.pathname === '/' ? `${url.origin}/witness` : url.href.replace(/\/+$/, '');
  try {
    return { url: base, verifier: parseVkey(flag.slice(at + 1)) };
  } catch (e) {
    throw new UsageError(`--witness ${flag}: ${(e as Error).message}`, undefined, { cause: e });
  }
}

/** The origin the repository's log already has, else --log-origin, else the default. */
function originFor(repo: string, flag?: string): string {
  const file = join(repo, 'log', 'checkpoint');
  if (existsSync(file)) {
    const have = parseCheckpoint(parseNote(readFileSync(file, 'utf8')).text).origin;
    if (flag !== undefined && flag !== have)
      throw new UsageError(`--log-origin ${flag}: this repository's log is ${have}`);
    return have;
  }
  return flag ?? DEFAULT_ORIGIN;
}

/** Governance's rules for this run: the node config's section, --profile, --force-unwitnessed. */
export function rulesFor(
  ctx: CommandContext,
  f: Pick<PublishFlags, 'profile' | 'forceUnwitnessed'>,
): PublishRules {
  const policy = governancePolicy(governanceSectionAt(ctx.stateRoot), f.profile);
  const warning = demoWarning(policy);
  if (warning !== undefined) ctx.out.progress(warning);
  return publishRules(policy, { forceUnwitnessed: f.forceUnwitnessed === true });
}

/** --force-unwitnessed is loud: a subscriber that requires the witnesses refuses what this writes. */
function warnUnwitnessed(f: PublishFlags, quorum: number): void {
  if (f.forceUnwitnessed !== true) return;
  const floor = witnessFloor(f.repo);
  if (quorum < floor)
    process.stderr.write(
      `WARNING: --force-unwitnessed: this log was published with a quorum of ${floor} witness(es); this publish ` +
        `asks ${quorum}. Nodes that require the witness quorum will refuse it until witnesses cosign again.\n`,
    );
}

/** The repository, keys and log a publish (or a consensus apply) works on, from the shared flags. */
export function context(
  f: Pick<PublishFlags, 'repo' | 'keys' | 'witness' | 'quorum' | 'logOrigin'>,
  rules: PublishRules,
): PublishContext {
  const keys = new PublishKeys(f.keys);
  const origin = originFor(f.repo, f.logOrigin);
  const witnesses = (f.witness ?? []).map(parseWitnessFlag);
  const quorum = f.quorum === undefined ? witnesses.length : Number(f.quorum);
  if (!Number.isInteger(quorum) || quorum < 0 || quorum > witnesses.length)
    throw new UsageError('--quorum must be between 0 and the number of --witness flags');
  return {
    repoDir: f.repo,
    keys,
    log: { origin, signer: keys.logSigner(origin), witnesses, quorum },
    delegations: DELEGATIONS,
    rules,
  };
}

function readPack(file: string): { name: string; bytes: Uint8Array } {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`, undefined, { cause: e });
  }
  let doc: unknown;
  try {
    doc = JSON.parse(new TextDecoder().decode(bytes));
  } catch (e) {
    throw new UsageError(`${file} is not JSON: ${(e as Error).message}`, undefined, { cause: e });
  }
  return { name: compilePack(doc, file).meta.name, bytes };
}

function human(r: PublishResult & { logKey: string; applied: boolean }): string {
  return [
    ...(r.initialised
      ? [
          r.applied
            ? 'initialised a new repository from its signed threshold roles'
            : 'initialised a new repository (threshold 1: tests and demos only)',
        ]
      : []),
    ...r.targets.map((t) => `published ${t.path} (${t.sha256.slice(0, 12)}…)`),
    `versions ${Object.entries(r.versions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `log size ${r.size}, cosigned by ${r.cosigners.join(', ') || 'no witness'}`,
    `log key ${r.logKey}`,
  ].join('\n');
}

export function registerPublish(program: Command): void {
  program
    .command('publish')
    .description('publish a pack or DAP task file into the TUF repository and the transparency log')
    .argument('[pack]', 'pack JSON file')
    .requiredOption('--repo <dir>', 'the repository directory (created for tests and demos)')
    .requiredOption(
      '--keys <dir>',
      'directory with <role>.key files of the online roles and log.key',
    )
    .option('--ring <ring>', 'canary (signed now) or stable (writes a proposal)', 'canary')
    .option('--task <file>', 'publish a DAP client task file instead (needs --name)')
    .option('--name <pack>', 'the pack the --task file belongs to')
    .option('--members <file>', 'publish the member and revocation lists (mesh members)')
    .option(
      '--apply <file>',
      'finish an assembled ceremony output (mesh ceremony assemble --out); repeat it for the root, targets and stable v1 of mesh repo init; proposals: mesh consensus apply',
      collect,
    )
    .option('--role <role>', 'with --apply: the role of the signed file (default: inferred)')
    .option('--witness <url=vkey>', 'a witness to ask for a cosignature (repeatable)', collect)
    .option('--quorum <n>', 'witness cosignatures required (default: all --witness)')
    .option(
      '--log-origin <origin>',
      `the log origin of a new repository (default ${DEFAULT_ORIGIN})`,
    )
    .option('--out <file>', 'with --ring stable: where to write the ceremony proposal')
    .option(
      '--refresh',
      're-sign timestamp (and snapshot when near expiry) with the online keys, nothing else',
    )
    .option(
      '--profile <profile>',
      'governance profile: production (default; offline roles need their thresholds) or demo (threshold 1, tests and demos only)',
    )
    .option(
      '--force-unwitnessed',
      'publish to a log that witnesses cosigned without their quorum (subscribers will refuse it)',
    )
    .option('--json', 'print one JSON object')
    .action(async (pack: string | undefined, f: PublishFlags, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const modes = [pack, f.task, f.apply, f.refresh, f.members].filter(
        (x) => x !== undefined,
      ).length;
      if (modes !== 1)
        throw new UsageError(
          'give exactly one of PACK, --task FILE, --members FILE, --apply FILE, --refresh',
        );
      const rules = rulesFor(ctx, f);
      await withRepoLock(f.repo, () => run(ctx, pack, f, rules));
    });
}

async function run(
  ctx: CommandContext,
  pack: string | undefined,
  f: PublishFlags,
  rules: PublishRules,
): Promise<void> {
  if (f.refresh === true) {
    const r = refreshRepository(f.repo, new PublishKeys(f.keys), rules, { force: true });
    ctx.out.result(
      r,
      (x) =>
        `timestamp v${x.versions.timestamp} expires ${x.expires.timestamp}\n` +
        `snapshot v${x.versions.snapshot} expires ${x.expires.snapshot}` +
        (x.snapshotResigned ? ' (re-signed)' : ''),
    );
    return;
  }
  const ring = parseRing(f.ring ?? 'canary');
  if (ring === 'stable' && pack !== undefined) {
    const { name, bytes } = readPack(pack);
    const addition = { path: packTargetPath(name, ring), bytes };
    // Keyholders should never be asked to sign a pack whose own tests fail.
    await requirePassingPackTests([addition]);
    const p = proposeOffline(f.repo, 'stable', [addition], rules);
    const out = f.out ?? `${f.repo}.proposals/stable-v${p.version}.json`;
    writeFileAtomic(out, `${JSON.stringify(proposalToJson(p), null, 1)}\n`);
    ctx.out.result(
      { proposal: out, role: p.role, version: p.version, signed_sha256: proposalDigest(p) },
      (r) =>
        `proposal ${r.role} v${r.version} written to ${r.proposal}\n` +
        `next: mesh ceremony sign --proposal ${r.proposal} ...; mesh ceremony assemble ...; ` +
        `mesh publish --apply FILE --repo ${f.repo} --keys ${f.keys}`,
    );
    return;
  }
  const pc = context(f, rules);
  warnUnwitnessed(f, pc.log.quorum);
  let result: PublishResult;
  if (f.apply !== undefined) {
    const signed = f.apply.map((file) => {
      const bytes = readFileSync(file);
      refuseProposal(bytes, file);
      return bytes;
    });
    if (existsSync(initDir(f.repo)) && !existsSync(join(f.repo, 'metadata', '1.root.json')))
      result = await applyInitial(pc, signed);
    else if (signed.length === 1) result = await applySigned(pc, signed[0] as Uint8Array, f.role);
    else throw new UsageError('give one --apply FILE (several only for the v1 of mesh repo init)');
  } else if (f.members !== undefined) {
    result = await publishOnline(pc, membersAdditions(f.members));
  } else if (f.task !== undefined) {
    if (f.name === undefined) throw new UsageError('--task needs --name <pack>');
    result = await publishOnline(pc, [
      { path: taskTargetPath(f.name), bytes: readFileSync(f.task) },
    ]);
  } else {
    const { name, bytes } = readPack(pack as string);
    ctx.out.progress(`validated pack ${name}`);
    result = await publishOnline(pc, [{ path: packTargetPath(name, ring), bytes }]);
  }
  ctx.out.result(
    { ...result, logKey: signerVkey(pc.log.signer), applied: f.apply !== undefined },
    human,
  );
}
