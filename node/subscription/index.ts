// Subscriptions to community packs (docs/architecture.md "Subscribe"): state, refresh, resolution, scheduler.
export { parseSubscriptionSpec, isSubscriptionSpec, type SubscriptionSpec } from './spec.js';
export {
  readSubscription,
  subscriptionDir,
  subscriptionsDir,
  SUBSCRIPTION_SCHEMA,
  type SubscriptionState,
  type SubscriptionTrust,
  type GoodPack,
} from './state.js';
export { optOutWarnings, quorumShortfall } from './opt-outs.js';
export {
  recordSplitViews,
  listSplitViews,
  clearSplitViews,
  splitViewsDir,
  type SplitViewRecord,
} from './split-views.js';
export {
  refreshSubscription,
  logTrustOf,
  gossipPolicyOf,
  POLICY_QUORUM,
  type RefreshOptions,
  type RefreshOutcome,
} from './refresh.js';
export { resolveSubscribedPack, firstSeenTimes } from './resolve.js';
export {
  startSubscriptionScheduler,
  runScheduler,
  refreshAll,
  listSubscriptions,
  type SchedulerOptions,
} from './scheduler.js';
export {
  countRefusal,
  readRefusalCounts,
  refusalReason,
  renderNodeMetrics,
  REFUSAL_REASONS,
  type RefusalReason,
} from './refusal-metrics.js';
