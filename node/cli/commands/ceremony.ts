// `mesh ceremony propose|sign|assemble`: offline-role changes signed by keyholders (TUF 1.0.34 §6.1).
import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import {
  assemble,
  detachedSignatureFileBytes,
  envelopeFileBytes,
  loadKeyFile,
  openRepository,
  parseDetachedSignature,
  parseJsonBytes,
  parseProposal,
  proposalDigest,
  proposalFileBytes,
  signProposal,
  TufError,
  type JsonObject,
  type Proposal,
} from '../../../tuf/index.js';
import { UsageError } from '../../errors.js';
import { contextFor } from '../context.js';

const collect = (v: string, prev: string[] = []): string[] => [...prev, v];

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

function propose(repoDir: string, role: string, signedFile?: string): Proposal {
  const repo = openRepository(repoDir);
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

export function registerCeremony(program: Command): void {
  const c = program
    .command('ceremony')
    .description('offline key ceremonies for root, targets and stable');
  c.command('propose')
    .description('write the unsigned next version of an offline role for keyholders to sign')
    .requiredOption('--repo <dir>', 'the repository directory')
    .requiredOption('--role <role>', 'root, targets, or a delegated role such as stable')
    .option(
      '--signed <file>',
      'JSON of the edited "signed" object (default: the current one, re-dated)',
    )
    .requiredOption('--out <file>', 'proposal file to write')
    .option('--json', 'print one JSON object')
    .action(
      (
        o: { repo: string; role: string; signed?: string; out: string; json?: boolean },
        cmd: Command,
      ) => {
        const ctx = contextFor(cmd, o);
        const p = propose(o.repo, o.role, o.signed);
        writeNew(o.out, proposalFileBytes(p));
        ctx.out.result(
          { role: p.role, version: p.version, signed_sha256: proposalDigest(p), file: o.out },
          (r) =>
            `proposal ${r.role} v${r.version}\nsigned_sha256 ${r.signed_sha256}\nwritten to ${r.file}`,
        );
      },
    );
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
    .option('--json', 'print one JSON object')
    .action(
      (
        o: { repo: string; proposal: string; signature: string[]; out: string; json?: boolean },
        cmd: Command,
      ) => {
        const ctx = contextFor(cmd, o);
        const p = parseProposal(readFileSync(o.proposal));
        const repo = openRepository(o.repo);
        if (p.version !== repo.versionOf(p.role) + 1) {
          throw new TufError(
            'ceremony_invalid',
            `proposal is v${p.version}; the repository is at v${repo.versionOf(p.role)}`,
          );
        }
        const { role, keys } = repo.authority(p.role);
        const env = assemble(
          p,
          o.signature.map((f) => parseDetachedSignature(readFileSync(f))),
          {
            name: `${p.role} (current)`,
            role,
            keys,
          },
        );
        writeNew(o.out, envelopeFileBytes(env));
        ctx.out.result(
          { role: p.role, version: p.version, signatures: env.signatures.length, file: o.out },
          (r) =>
            `assembled ${r.role} v${r.version} with ${r.signatures} signature(s)\nwritten to ${r.file}`,
        );
      },
    );
}
