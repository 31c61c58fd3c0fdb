// `mesh gossip --peer URL...`: exchange signed checkpoints with peers and report any split view
// (two checkpoints of one log that cannot both be true), with the evidence.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { TileReader, gossipWithPeer, type GossipPeerReport } from '../../../log/index.js';
import { UsageError } from '../../errors.js';
import { clearSplitViews, listSplitViews } from '../../subscription/index.js';
import { contextFor } from '../context.js';
import { EXIT_FAILURE } from '../exit-codes.js';
import { fetchCheckpoint, logKeys, logUrl, type LogFlags } from './log.js';
import { collect } from '../repeatable-option.js';

interface GossipFlags extends LogFlags {
  peer?: string[];
  checkpoint?: string;
}

function render(reports: GossipPeerReport[]): string {
  return reports
    .map((r) =>
      [
        `${r.peer}: ${r.pushed}`,
        ...r.conflicts.map((c) => `  SPLIT VIEW in ${c.origin}: two signed checkpoints disagree`),
        ...r.ignored.map((i) => `  ignored ${i}`),
      ].join('\n'),
    )
    .join('\n');
}

/** `mesh gossip clear-evidence [ID]`: the operator has reported a split view and lets it go. */
function registerClearEvidence(gossip: Command): void {
  gossip
    .command('clear-evidence')
    .description('remove kept split-view evidence (all, or one by id) so mesh doctor passes again')
    .argument('[id]', 'the evidence id (default: every kept record)')
    .option('--json', 'print one JSON object')
    .action((id: string | undefined, f: { json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const root = ctx.state().root;
      const kept = listSplitViews(root);
      if (id !== undefined && !kept.some((r) => r.id === id))
        throw new UsageError(`no kept split view ${id}`, 'list them with: mesh doctor');
      const cleared = clearSplitViews(root, id);
      ctx.out.result({ cleared, kept: kept.length - cleared.length }, (r) =>
        r.cleared.length === 0
          ? 'no split-view evidence was kept'
          : `cleared ${r.cleared.length} split-view record(s): ${r.cleared.join(', ')}`,
      );
    });
}

export function registerGossip(program: Command): void {
  const gossip = program
    .command('gossip')
    .description(
      'exchange checkpoints with peers (GET|POST /gossip/checkpoints); report split views',
    )
    .option('--peer <url>', 'a mirror or node serving /gossip/checkpoints (repeatable)', collect)
    .option('--log <url>', "the log's tiles prefix: our checkpoint and consistency proofs")
    .option('--mirror <url>', 'a mirror; its log is at <url>/log')
    .option('--checkpoint <file>', "gossip this signed checkpoint instead of the log's current one")
    .option('--vkey <vkey>', "the log's verifier key (repeatable)", collect)
    .option('--origin <origin>', "the log's origin (default: the vkey's name)")
    .option('--json', 'print one JSON object')
    .action(async (f: GossipFlags, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      if (f.peer === undefined || f.peer.length === 0)
        throw new UsageError('give at least one --peer URL');
      const keys = logKeys(f);
      let own: string;
      let reader: TileReader | undefined;
      if (f.checkpoint !== undefined) {
        own = readFileSync(f.checkpoint, 'utf8');
        if (f.log !== undefined || f.mirror !== undefined) reader = new TileReader(logUrl(f));
      } else {
        const got = await fetchCheckpoint(f);
        own = got.note;
        reader = got.reader;
      }
      const reports: GossipPeerReport[] = [];
      for (const peer of f.peer) {
        ctx.out.progress(`gossiping with ${peer}`);
        reports.push(
          await gossipWithPeer(peer, { logKeys: keys, own, ...(reader ? { reader } : {}) }),
        );
      }
      const splitView = reports.some((r) => r.conflicts.length > 0);
      ctx.out.result({ splitView, peers: reports }, (r) => render(r.peers));
      if (splitView) process.exitCode = EXIT_FAILURE;
    });
  registerClearEvidence(gossip);
}
