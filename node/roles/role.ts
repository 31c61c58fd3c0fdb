// What a server role contributes to `mesh serve`: routes mounted on one shared hono app.
import type { Hono } from 'hono';
import type { Logger } from '../log/logger.js';

export interface RoleOptions {
  /** Directory for this role's durable state (its own subfolder of --data). */
  dataDir: string;
  /** --repo DIR, for roles that serve or publish a repository. */
  repo?: string;
  /** --keys DIR, for roles that sign with a repository's online keys (timestamp). */
  keys?: string;
  /** --task FILE..., for the DAP roles. */
  tasks: string[];
  /** --interop: mount the DAP interop test API. */
  interop: boolean;
  /** The parsed --config file, if any (each role reads its own section). */
  config: Record<string, unknown>;
  /** The URL this server is reachable at, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  log: Logger;
}

export interface RoleInstance {
  /** Public keys others must pin (a witness's C2SP verifier key...), printed when the server starts. */
  publicKeys?: Record<string, string>;
  /** Background work (sequencers, job drivers) stops here; called once on shutdown. */
  close(): Promise<void>;
}

export interface RoleDefinition {
  name: string;
  /** Mounts the role's routes under its own prefix and starts its background work. */
  mount(app: Hono, opts: RoleOptions): Promise<RoleInstance>;
}
