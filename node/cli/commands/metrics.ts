// `mesh metrics [--json]`: the node's own counters (docs/log.md "Health and metrics") as Prometheus
// text, or with --json as one object; read from the node's state directory.
import type { Command } from 'commander';
import { readRefusalCounts, renderNodeMetrics } from '../../subscription/index.js';
import { contextFor } from '../context.js';

export function registerMetrics(program: Command): void {
  program
    .command('metrics')
    .description("print this node's counters as Prometheus text (subscriptions refused, by reason)")
    .option('--json', 'print one JSON object instead')
    .action((f: { json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const root = ctx.state().root;
      const refused = readRefusalCounts(root);
      const text = renderNodeMetrics(root);
      ctx.out.result({ subscriptions: { refused } }, () => text.trimEnd());
    });
}
