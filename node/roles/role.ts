// What a server role contributes to `mesh serve`: routes mounted on one shared hono app.
import type { Hono } from 'hono';
import type { Registry } from 'prom-client';
import type { Logger } from '../log/logger.js';

export interface RoleOptions {
  /** Directory for this role's durable state (its own subfolder of --data). */
  dataDir: string;
  /** --repo DIR, for roles that serve or publish a repository. */
  repo?: string;
  /** --keys DIR, for roles that sign with a repository's online keys (timestamp). */
  keys?: string;
  /** --store URL for the DAP roles (else the config's dap.store; else level inside dataDir). */
  store?: string;
  /** --task FILE..., for the DAP roles. */
  tasks: string[];
  /** --interop: mount the DAP interop test API. */
  interop: boolean;
  /** The parsed --config file, if any (each role reads its own section). */
  config: Record<string, unknown>;
  /** The URL this server is reachable at, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  log: Logger;
  /** The server's /metrics registry: a role registers its own counters (closed label sets only). */
  metrics: Registry;
}

/** What /healthz reports for a role: 503 unless every role is ready. */
export interface RoleHealth {
  state: 'starting' | 'ready' | 'failed' | 'closed';
  /** Why it is not ready, or the last problem of a ready role (never a secret). */
  detail?: string;
}

export interface RoleOptOut {
  key: string;
  effect: string;
}

export interface RoleInstance {
  /** Public keys others must pin (a witness's C2SP verifier key...), printed when the server starts. */
  publicKeys?: Record<string, string>;
  /** Background work (sequencers, job drivers) stops here; called once on shutdown. */
  close(): Promise<void>;
  /** Fail-closed defaults this role waives (config key and effect); `mesh doctor` warns on each. */
  optOuts?: readonly RoleOptOut[];
  /** The role's real state now; a role without it is ready once mounted. */
  health?(): RoleHealth;
}

export interface RoleDefinition {
  name: string;
  /** Mounts the role's routes under its own prefix and starts its background work. */
  mount(app: Hono, opts: RoleOptions): Promise<RoleInstance>;
}
