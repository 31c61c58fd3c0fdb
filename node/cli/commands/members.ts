// `mesh members init|add|revoke|list`: the membership authority's signed member and revocation lists.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import {
  addMember,
  newMembership,
  parseMembership,
  revokeMember,
  type AuthoritySigner,
  type Membership,
} from '../../../governance/index.js';
import { loadKeyFile } from '../../../tuf/index.js';
import { UsageError } from '../../errors.js';
import { writeFileAtomic } from '../../../common/index.js';
import { contextFor } from '../context.js';

interface Flags {
  file: string;
  key?: string;
  authority?: string;
  json?: boolean;
}

function signerOf(keyFile: string | undefined): AuthoritySigner {
  if (keyFile === undefined)
    throw new UsageError('--key FILE (the membership authority key) is needed');
  const k = loadKeyFile(keyFile, 'membership');
  return { publicKey: k.signer.key.publicKey, sign: (m) => k.signer.sign(m) };
}

/** Reads FILE and verifies both lists against the authority (the key's, or --authority HEX). */
export function readMembership(file: string, authority: string): Membership {
  let v: unknown;
  try {
    v = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UsageError(
      `cannot read ${file}: ${(e as Error).message}`,
      'create it with mesh members init',
    );
  }
  return parseMembership(v, authority);
}

function write(file: string, m: Membership): void {
  writeFileAtomic(file, `${JSON.stringify(m, null, 1)}\n`, { mode: 0o644 });
}

function summary(m: Membership) {
  return {
    members_version: m.members.version,
    revocations_version: m.revocations.version,
    members: m.members.members,
    revoked: m.revocations.revocations,
  };
}
const human = (s: ReturnType<typeof summary>) =>
  [
    `members v${s.members_version}, revocations v${s.revocations_version}`,
    ...s.members.map((x) => `  ${x.org_id}  tier ${x.tier}  ${x.name}`),
    ...s.revoked.map((x) => `  ${x.org_id}  revoked ${x.revoked}  ${x.reason}`),
  ].join('\n');

export function registerMembers(program: Command): void {
  const mem = program.command('members').description("the membership authority's member list");
  const common = (c: Command) =>
    c
      .requiredOption('--file <file>', 'the membership file (both signed lists)')
      .option('--key <file>', 'the membership authority key (mesh keys new --role membership)')
      .option('--json', 'print one JSON object');
  common(mem.command('init').description('start an empty member list')).action(
    (f: Flags, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const m = newMembership(signerOf(f.key));
      write(f.file, m);
      ctx.out.result(summary(m), human);
    },
  );
  common(mem.command('add').description('enrol an organisation'))
    .requiredOption('--name <name>', "the organisation's name")
    .requiredOption('--public-key <hex>', 'its key (mesh org new prints it)')
    .option('--tier <n>', 'its tier, 1 (highest) to 9', '3')
    .action((f: Flags & { name: string; publicKey: string; tier: string }, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const s = signerOf(f.key);
      const m = addMember(
        readMembership(f.file, s.publicKey),
        { name: f.name, publicKey: f.publicKey.toLowerCase(), tier: Number(f.tier) },
        s,
        new Date(),
      );
      write(f.file, m);
      ctx.out.result(summary(m), human);
    });
  common(mem.command('revoke').description('revoke an organisation (by org ID or name)'))
    .requiredOption('--org <id|name>', 'the organisation')
    .option('--reason <text>', 'why', 'revoked by the authority')
    .action((f: Flags & { org: string; reason: string }, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const s = signerOf(f.key);
      const m = revokeMember(readMembership(f.file, s.publicKey), f.org, f.reason, s, new Date());
      write(f.file, m);
      ctx.out.result(summary(m), human);
    });
  common(mem.command('list').description('verify and print the lists'))
    .option('--authority <hex>', 'the authority public key to verify against (instead of --key)')
    .action((f: Flags, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const authority = f.authority ?? (f.key ? signerOf(f.key).publicKey : undefined);
      if (authority === undefined) throw new UsageError('give --authority HEX or --key FILE');
      ctx.out.result(summary(readMembership(f.file, authority)), human);
    });
}
