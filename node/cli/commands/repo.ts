// `mesh repo init`: a repository whose offline roles (root, targets, stable) are threshold roles from
// version 1 (TUF 1.0.34 §6.1, docs/GOVERNANCE.md "A repository with threshold roles from version 1").
// The work is packs/publish/repo-init.ts; this command parses flags and prints.
import type { Command } from 'commander';
import { DELEGATIONS } from '../../../governance/index.js';
import {
  INITIAL_ROLES,
  proposeInitialRepository,
  PublishKeys,
  type InitialRoles,
  type ThresholdRole,
} from '../../../packs/index.js';
import { ed25519Key } from '../../../tuf/index.js';
import { UsageError } from '../../errors.js';
import {
  demoWarning,
  governancePolicy,
  governanceSectionAt,
  publishRules,
} from '../../state/governance.js';
import { contextFor } from '../context.js';
import { collect } from '../repeatable-option.js';

const HEX32 = /^[0-9a-f]{64}$/;

interface InitFlags {
  repo: string;
  keys: string;
  rootKey?: string[];
  rootThreshold: string;
  targetsKey?: string[];
  targetsThreshold: string;
  stableKey?: string[];
  stableThreshold: string;
  profile?: string;
  json?: boolean;
}

function roleFrom(name: string, pubs: string[] | undefined, threshold: string): ThresholdRole {
  if (pubs === undefined || pubs.length === 0)
    throw new UsageError(
      `--${name}-key is required (once per keyholder)`,
      `each ${name} keyholder runs mesh keys new --role ${name} and gives you the "public" it prints`,
    );
  for (const k of pubs)
    if (!HEX32.test(k))
      throw new UsageError(
        `--${name}-key ${k}: expected 64 lower-case hex digits`,
        'give the "public" that mesh keys new or mesh keys show printed',
      );
  const t = Number(threshold);
  if (!Number.isSafeInteger(t) || t < 1)
    throw new UsageError(`--${name}-threshold ${threshold} must be a positive integer`);
  return { keys: pubs.map((k) => ed25519Key(k)), threshold: t };
}

/** Registers `mesh repo init`. */
export function registerRepo(program: Command): void {
  const repo = program
    .command('repo')
    .description('start a TUF repository whose offline roles are threshold roles from version 1');
  repo
    .command('init')
    .description(
      'write root, targets and stable v1 as ceremony proposals (DIR.init/); keyholders sign them, mesh publish --apply installs them',
    )
    .requiredOption('--repo <dir>', 'the repository directory (must not hold a repository yet)')
    .requiredOption('--keys <dir>', 'directory with canary.key, snapshot.key and timestamp.key')
    .option('--root-key <public>', 'a root keyholder public key (repeatable)', collect)
    .requiredOption('--root-threshold <n>', 'root signatures required')
    .option('--targets-key <public>', 'a targets keyholder public key (repeatable)', collect)
    .requiredOption('--targets-threshold <n>', 'targets signatures required')
    .option('--stable-key <public>', 'a stable keyholder public key (repeatable)', collect)
    .requiredOption('--stable-threshold <n>', 'stable signatures required')
    .option('--profile <profile>', 'governance profile: production (default) or demo')
    .option('--json', 'print one JSON object')
    .action((f: InitFlags, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const policy = governancePolicy(governanceSectionAt(ctx.stateRoot), f.profile);
      const warning = demoWarning(policy);
      if (warning !== undefined) ctx.out.progress(warning);
      const rules = publishRules(policy);
      const roles: InitialRoles = {
        root: roleFrom('root', f.rootKey, f.rootThreshold),
        targets: roleFrom('targets', f.targetsKey, f.targetsThreshold),
        stable: roleFrom('stable', f.stableKey, f.stableThreshold),
      };
      for (const r of INITIAL_ROLES) rules.requireThreshold(r, roles[r].threshold);
      const files = proposeInitialRepository(f.repo, new PublishKeys(f.keys), roles, DELEGATIONS, {
        expiry: rules.expiry,
      });
      ctx.out.result({ repo: f.repo, proposals: files }, (r) =>
        [
          ...INITIAL_ROLES.map(
            (role) =>
              `${role} v1 (${roles[role].threshold} of ${roles[role].keys.length}): ${r.proposals[role]}`,
          ),
          'next: each keyholder runs mesh ceremony sign --proposal FILE --key THEIR.key --out SIG.json;',
          `then mesh ceremony assemble --repo ${r.repo} --proposal FILE --signature SIG.json... --out SIGNED.json per role;`,
          `then mesh publish --apply ROOT --apply TARGETS --apply STABLE --repo ${r.repo} --keys ${f.keys}`,
        ].join('\n'),
      );
    });
}
