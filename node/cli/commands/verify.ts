// `mesh verify --repo DIR | --mirror URL`: a repository checked end to end (docs/architecture.md "Publish"):
// TUF metadata and targets, the log's checkpoint, witnesses, every leaf and every tlog-proof.
import type { Command } from 'commander';
import { dirSource, mirrorSource, verifyRepository } from '../../../packs/index.js';
import { logTrustOf } from '../../subscription/index.js';
import { UsageError } from '../../errors.js';
import { contextFor } from '../context.js';
import { EXIT_FAILURE } from '../exit-codes.js';
import { collect } from '../repeatable-option.js';

interface VerifyFlags {
  repo?: string;
  mirror?: string;
  root?: string;
  logKey?: string[];
  witness?: string[];
  quorum?: string;
  allowNoWitness?: boolean;
  gossip?: string[] | false;
  json?: boolean;
}

export function registerVerify(program: Command): void {
  program
    .command('verify')
    .description('check a repository or mirror end to end: TUF, log, checkpoints, witnesses')
    .option('--repo <dir>', 'a repository directory')
    .option('--mirror <url>', 'a mirror URL')
    .option('--root <file>', "trusted root.json (default: the repository's own 1.root.json)")
    .option('--log-key <vkey>', "the log's verifier key (repeatable)", collect)
    .option('--witness <vkey>', 'a trusted witness key (repeatable)', collect)
    .option('--quorum <n>', 'witness cosignatures required (default: all --witness)')
    .option(
      '--allow-no-witness',
      'accept fewer cosignatures than the governance witness quorum (default: required)',
    )
    .option(
      '--gossip <url>',
      'a gossip peer to look for split views with (repeatable; default: the --mirror)',
      collect,
    )
    .option('--no-gossip', 'look for no split views (reported as not checked)')
    .option('--json', 'print one JSON object')
    .action(async (f: VerifyFlags, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      if ((f.repo === undefined) === (f.mirror === undefined))
        throw new UsageError('give exactly one of --repo DIR and --mirror URL');
      if (f.logKey === undefined) throw new UsageError('give the log key with --log-key VKEY');
      const witnesses = f.witness ?? [];
      const quorum = f.quorum === undefined ? witnesses.length : Number(f.quorum);
      if (!Number.isInteger(quorum) || quorum < 0 || quorum > witnesses.length)
        throw new UsageError('--quorum must be between 0 and the number of --witness keys');
      const trust = logTrustOf({
        mirror: '',
        logKeys: f.logKey,
        witnesses,
        quorum,
        gossip: [],
        ...(f.allowNoWitness === true ? { allowNoWitness: true } : {}),
      });
      // a local directory has no peer of its own: gossip only with the peers given
      const peers =
        f.gossip === false ? [] : (f.gossip ?? (f.mirror !== undefined ? [f.mirror] : []));
      const gossip = { peers, ...(peers.length === 0 ? { disabled: true } : {}) };
      const src = f.repo !== undefined ? dirSource(f.repo) : mirrorSource(f.mirror as string);
      try {
        const report = await verifyRepository(src, trust, gossip, f.root);
        ctx.out.result(report, (r) =>
          [
            r.tuf === undefined || r.log === undefined
              ? `REFUSED: ${r.refused?.message ?? 'not verified'}`
              : `${r.ok ? 'ok' : 'PROBLEMS'}: TUF root v${r.tuf.versions.root ?? '?'} (${r.tuf.trustedRoot}), ` +
                `${r.tuf.targets} target(s) verified\n` +
                `log ${r.log.origin}: ${r.log.leaves} leaves, size ${r.log.size}, cosigned by ` +
                (r.log.cosigners.join(', ') || 'no known witness'),
            ...r.unchecked.map((u) => `  not checked: ${u}`),
            ...r.problems.map((p) => `  - ${p}`),
            ...(r.refused?.hint !== undefined ? [`  hint: ${r.refused.hint}`] : []),
          ].join('\n'),
        );
        if (!report.ok) process.exitCode = EXIT_FAILURE;
      } finally {
        src.close();
      }
    });
}
