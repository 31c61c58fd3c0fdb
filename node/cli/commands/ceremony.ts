// `mesh ceremony propose|sign|assemble`: offline-role changes signed by keyholders (TUF 1.0.34 §6.1).
import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { requireThreshold, type GovernancePolicy } from '../../../governance/index.js';
import {
  assembleReport,
  detachedSignatureFileBytes,
  ed25519Key,
  envelopeFileBytes,
  loadKeyFile,
  openRepository,
  parseDetachedSignature,
  parseJsonBytes,
  parseProposal,
  parseRoot,
  parseTargets,
  proposalDigest,
  proposeKeyChange,
  proposalFileBytes,
  signProposal,
  TufError,
  type Authority,
  type JsonObject,
  type Proposal,
} from '../../../tuf/index.js';
import { initialAuthority } from '../../../packs/index.js';
import { UsageError } from '../../errors.js';
import {
  demoWarning,
  governancePolicy,
  governanceSectionAt,
  publishRules,
} from '../../state/governance.js';
import { contextFor, type CommandContext } from '../context.js';
import { collect } from '../repeatable-option.js';

function writeNew(path: string, data: Uint8Array): void {
  try {
    writeFileSync(path, data, { flag: 'wx', mode: 0o644 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new UsageError(`${path} exists`, 'choose another --out');
    }
    throw e;
  }
}

interface ProposeFlags {
  repo: string;
  role: string;
  signed?: string;
  addKey?: string[];
  removeKey?: string[];
  threshold?: string;
  out: string;
  profile?: string;
  json?: boolean;
}

const HEX32 = /^[0-9a-f]{64}$/;

function policyFor(ctx: CommandContext, profile: string | undefined): GovernancePolicy {
  const policy = governancePolicy(governanceSectionAt(ctx.stateRoot), profile);
  const warning = demoWarning(policy);
  if (warning !== undefined) ctx.out.progress(warning);
  return policy;
}

/** A key change as flags give it: public keys as `mesh keys new` prints them, key ids to drop. */
function keyChangeProposal(o: ProposeFlags, policy: GovernancePolicy): Proposal {
  for (const k of [...(o.addKey ?? []), ...(o.removeKey ?? [])])
    if (!HEX32.test(k))
      throw new UsageError(
        `${k}: expected 64 lower-case hex digits`,
        'give the "public" (--add-key) or "keyid" (--remove-key) that mesh keys new printed',
      );
  let threshold: number | undefined;
  if (o.threshold !== undefined) {
    threshold = Number(o.threshold);
    if (!Number.isSafeInteger(threshold) || threshold < 1)
      throw new UsageError(`--threshold ${o.threshold} must be a positive integer`);
  }
  const repo = openRepository(o.repo, publishRules(policy).expiry);
  return proposeKeyChange(repo, o.role, {
    addKeys: (o.addKey ?? []).map((k) => ed25519Key(k)),
    removeKeyIds: o.removeKey ?? [],
    ...(threshold === undefined ? {} : { threshold }),
  });
}

/** Governance's floor for each offline role the proposed metadata names a threshold for. */
function requireProposedThresholds(policy: GovernancePolicy, p: Proposal): void {
  if (p.role === 'root') {
    const r = parseRoot(p.signed);
    requireThreshold(policy, 'root', r.roles.root.threshold);
    requireThreshold(policy, 'targets', r.roles.targets.threshold);
    return;
  }
  const stable = parseTargets(p.signed).delegations?.roles.find((d) => d.name === 'stable');
  if (stable !== undefined) requireThreshold(policy, 'stable', stable.threshold);
}

function propose(
  repoDir: string,
  role: string,
  policy: GovernancePolicy,
  signedFile?: string,
): Proposal {
  // Re-dated by governance's expiry for the role, like every metadata mesh writes.
  const repo = openRepository(repoDir, publishRules(policy).expiry);
  const current = repo.versionOf(role);
  let signed: JsonObject = repo.nextSigned(role);
  if (signedFile !== undefined) {
    const edited = parseJsonBytes(readFileSync(signedFile));
    if (edited === null || typeof edited !== 'object' || Array.isArray(edited)) {
      throw new UsageError(`${signedFile} is not a JSON object`);
    }
    signed = { ...edited, version: current + 1, expires: signed.expires ?? null };
  }
  return { role, version: current + 1, signed };
}

/** Who signs P today: the repository's current metadata (a v1 of one not yet published: repo-init). */
function currentAuthority(repoDir: string, p: Proposal): Authority {
  const repo = openRepository(repoDir);
  if (p.version !== repo.versionOf(p.role) + 1) {
    throw new TufError(
      'ceremony_invalid',
      `proposal is v${p.version}; the repository is at v${repo.versionOf(p.role)}`,
    );
  }
  const { role, keys } = repo.authority(p.role);
  return { name: `${p.role} (current)`, role, keys };
}

export function registerCeremony(program: Command): void {
  const c = program
    .command('ceremony')
    .description('offline key ceremonies for root, targets and stable');
  c.command('propose')
    .description('write the unsigned next version of an offline role for keyholders to sign')
    .requiredOption('--repo <dir>', 'the repository directory')
    .requiredOption(
      '--role <role>',
      'whose keys change: root, targets or stable (a root or targets proposal results)',
    )
    .option('--add-key <public>', 'a public key to add to the role (repeatable)', collect)
    .option('--remove-key <keyid>', 'a key id to remove from the role (repeatable)', collect)
    .option('--threshold <n>', "the role's new threshold")
    .option(
      '--signed <file>',
      'JSON of an edited "signed" object, instead of key flags (default: the current one, re-dated)',
    )
    .requiredOption('--out <file>', 'proposal file to write')
    .option('--profile <profile>', 'governance profile: production (default) or demo')
    .option('--json', 'print one JSON object')
    .action((o: ProposeFlags, cmd: Command) => {
      const ctx = contextFor(cmd, o);
      const policy = policyFor(ctx, o.profile);
      const change =
        o.addKey !== undefined || o.removeKey !== undefined || o.threshold !== undefined;
      if (change && o.signed !== undefined)
        throw new UsageError('give key flags or --signed, not both');
      const p = change ? keyChangeProposal(o, policy) : propose(o.repo, o.role, policy, o.signed);
      if (change) requireProposedThresholds(policy, p);
      writeNew(o.out, proposalFileBytes(p));
      ctx.out.result(
        { role: p.role, version: p.version, signed_sha256: proposalDigest(p), file: o.out },
        (r) =>
          `proposal ${r.role} v${r.version}\nsigned_sha256 ${r.signed_sha256}\nwritten to ${r.file}\n` +
          `next: each keyholder runs mesh ceremony sign --proposal ${r.file} --key THEIR.key --out SIG.json`,
      );
    });
  c.command('sign')
    .description(
      'sign a proposal with one key file (on the offline machine); writes a detached signature',
    )
    .requiredOption('--proposal <file>', 'proposal file')
    .requiredOption('--key <file>', 'key file (0600)')
    .requiredOption('--out <file>', 'signature file to write')
    .option('--json', 'print one JSON object')
    .action((o: { proposal: string; key: string; out: string; json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, o);
      const p = parseProposal(readFileSync(o.proposal));
      const s = signProposal(p, loadKeyFile(o.key).signer);
      writeNew(o.out, detachedSignatureFileBytes(s));
      ctx.out.result(
        {
          role: s.role,
          version: s.version,
          keyid: s.keyid,
          signed_sha256: s.signedSha256,
          file: o.out,
        },
        (r) =>
          `signed ${r.role} v${r.version} (${r.signed_sha256}) with ${r.keyid}\nwritten to ${r.file}`,
      );
    });
  c.command('assemble')
    .description('merge detached signatures; refuses unless thresholds are met (root: old and new)')
    .requiredOption(
      '--repo <dir>',
      'the repository directory (its current metadata names the signers)',
    )
    .requiredOption('--proposal <file>', 'proposal file')
    .requiredOption('--signature <file>', 'a detached signature (repeatable)', collect)
    .requiredOption(
      '--out <file>',
      'signed metadata file to write (apply with mesh publish --apply)',
    )
    .option('--profile <profile>', 'governance profile: production (default) or demo')
    .option('--json', 'print one JSON object')
    .action(
      (
        o: {
          repo: string;
          proposal: string;
          signature: string[];
          out: string;
          profile?: string;
          json?: boolean;
        },
        cmd: Command,
      ) => {
        const ctx = contextFor(cmd, o);
        const policy = policyFor(ctx, o.profile);
        const p = parseProposal(readFileSync(o.proposal));
        requireProposedThresholds(policy, p);
        const a = assembleReport(
          p,
          o.signature.map((f) => parseDetachedSignature(readFileSync(f))),
          initialAuthority(o.repo, p) ?? currentAuthority(o.repo, p),
        );
        writeNew(o.out, envelopeFileBytes(a.envelope));
        const refused = a.refused.map((r) => ({ ...r, file: o.signature[r.index] ?? '' }));
        ctx.out.result(
          {
            role: p.role,
            version: p.version,
            signatures: a.envelope.signatures.length,
            valid: a.valid,
            refused,
            file: o.out,
          },
          (r) =>
            [
              `assembled ${r.role} v${r.version} with ${r.signatures} signature(s)`,
              ...r.refused.map((x) => `refused ${x.file}: ${x.reason}`),
              `written to ${r.file}`,
            ].join('\n'),
        );
      },
    );
}
