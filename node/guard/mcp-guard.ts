// docs/guard.md "The MCP proxy": the MCP proxy's guard, built like every door's (guard-builder.ts's
// receipts and node key, the base policies through the hot-reloading guard) plus the stores the
// proxy keeps open for its run: the fingerprint store (taint, registered secrets) and reviews.
import {
  FingerprintStore,
  memoTaint,
  ReviewQueue,
  type Guard,
  type TaintMemo,
} from '../../guard/index.js';
import { openHotGuard } from '../enforce/hot-guard.js';
import { UsageError } from '../errors.js';
import { openNodeReceipts, type GuardNode, type GuardRequest } from './guard-builder.js';
import { registerSecrets, type SecretSources } from './hook-service.js';
import { ReceiptWriter } from '../../guard/index.js';
import { announcePending } from '../reviews-notify/announce.js';

/** The proxy's guard request: the shared one, plus its reload and MCP-rule knobs. */
export interface McpGuardRequest extends GuardRequest, SecretSources {
  /** Load builtin:mcp (checks of sampling and elicitation). */
  mcpRules: boolean;
  refreshEveryMs?: number;
  watchIntervalMs: number;
  log: (line: string) => void;
}

/** What the proxy runs with; `close()` stops reloads and closes every store. */
export interface McpGuard {
  guard: Guard;
  tracker: FingerprintStore;
  reviews: ReviewQueue;
  /** What the flow tracker found in recent calls: the proxy's review previews mask it whole. */
  taint: TaintMemo;
  close: () => void;
}

/**
 * Opens the proxy's stores and its hot-reloading guard.
 * @throws UsageError when no pack is given; ConfigError on a bad node key; PackError on a bad pack
 * @example const g = openMcpGuard(node, { packs: ['builtin:coding-agent'], flowRules: true, mcpRules: true, secretFiles: [], secretEnv: [], watchIntervalMs: 1000, log: console.error })
 */
export function openMcpGuard(node: GuardNode, req: McpGuardRequest): McpGuard {
  if (req.packs.length === 0)
    throw new UsageError('give at least one --pack', 'e.g. --pack builtin:coding-agent');
  const dir = node.state().path('guard');
  const tracker = FingerprintStore.open(dir);
  const quorum = node.state().config.reviews?.quorum;
  const reviews = announcePending(
    ReviewQueue.open(dir, Date.now, undefined, quorum ? { quorum } : {}),
    node.state().config.reviews?.notify,
    req.log,
  );
  const closers: (() => void)[] = [
    () => {
      tracker.close();
    },
    () => {
      reviews.close();
    },
  ];
  const close = (): void => {
    for (const c of closers.reverse()) c();
  };
  try {
    registerSecrets(tracker, req);
    const store = openNodeReceipts(node, req);
    const taint = memoTaint(tracker);
    if (store)
      closers.push(() => {
        store.close();
      });
    const hot = openHotGuard({
      stateRoot: node.stateRoot,
      configPath: node.state().configPath,
      specs: req.packs,
      tracker: taint.tracker,
      flowRules: req.flowRules,
      mcpRules: req.mcpRules,
      ...(store ? { receipts: new ReceiptWriter(store, { tainted: taint.eventTaint }) } : {}),
      ...(req.refreshEveryMs !== undefined ? { refreshEveryMs: req.refreshEveryMs } : {}),
      watchIntervalMs: req.watchIntervalMs,
      log: req.log,
    });
    closers.push(hot.stop);
    return { guard: hot.guard, tracker, reviews, taint, close };
  } catch (e) {
    close();
    throw e;
  }
}
