// `mesh serve --role mirror` (docs/architecture.md "Mirror URLs"): the static repository (/metadata, /targets,
// c2sp.org/tlog-tiles under /log) and gossip (GET|POST /gossip/checkpoints). With an upstream in
// config ({"mirror": {"upstream", "root", "logKey"}}) it serves only what it verified itself.
import { realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import {
  Gossip,
  gossipApp,
  openGossipStore,
  parseVkey,
  tilesApp,
  type NoteVerifier,
} from '../../log/index.js';
import { ConfigError, UsageError } from '../errors.js';
import { startMirrorSeeding } from '../subscription/mirror-seed.js';
import { gossipMetrics, seedingMetrics } from './log-metrics.js';
import type { RoleDefinition, RoleHealth, RoleOptOut } from './role.js';

interface MirrorConfig {
  upstream?: string;
  root?: string;
  logKey?: string;
  intervalSeconds?: number;
  /** Witness cosignature vkeys the upstream checkpoint needs (the governance quorum of them). */
  witnesses: string[];
  quorum?: number;
  /** Opt-out: seed checkpoints with fewer cosignatures than the governance quorum. */
  allowNoWitness: boolean;
  /** Gossip peers while seeding (default: the upstream). */
  gossip?: string[];
  /** Opt-out: seed without looking for split views. */
  noGossip: boolean;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,254}$/;

function contentType(name: string): string {
  if (name.endsWith('.json')) return 'application/json';
  if (name.endsWith('.tlog-proof')) return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}

/**
 * this value is attacker-controlled: the request path. Only plain segments (no "..", no
 * encodings, no hidden files) reach the filesystem, and the resolved file must stay under `root`.
 */
async function serveStatic(c: Context, root: string, prefix: string): Promise<Response> {
  const raw = new URL(c.req.url).pathname.slice(prefix.length + 1);
  const segs = raw.split('/');
  if (raw.length > 1024 || segs.length > 16 || !segs.every((s) => SEGMENT.test(s)))
    return c.text('not found\n', 404);
  const file = join(root, ...segs);
  try {
    const real = realpathSync(file);
    if (!real.startsWith(realpathSync(root) + sep) || !statSync(real).isFile())
      return c.text('not found\n', 404);
    const body = await readFile(real);
    return c.body(body, 200, {
      'Content-Type': contentType(real),
      'Cache-Control': prefix === '/metadata' ? 'no-cache' : 'public, max-age=300',
      'X-Content-Type-Options': 'nosniff',
    });
  } catch {
    return c.text('not found\n', 404);
  }
}

function readMirrorConfig(config: Record<string, unknown>): MirrorConfig {
  const m = config.mirror;
  if (m === undefined) return { witnesses: [], allowNoWitness: false, noGossip: false };
  if (typeof m !== 'object' || m === null || Array.isArray(m))
    throw new ConfigError('config_invalid', '"mirror" must be an object');
  const o = m as Record<string, unknown>;
  const str = (k: string): string | undefined => {
    const v = o[k];
    if (v !== undefined && typeof v !== 'string')
      throw new ConfigError('config_invalid', `mirror.${k} must be a string`);
    return v;
  };
  const interval = o.intervalSeconds;
  if (interval !== undefined && (typeof interval !== 'number' || !(interval >= 1)))
    throw new ConfigError('config_invalid', 'mirror.intervalSeconds must be a number >= 1');
  const witnesses = o.witnesses ?? [];
  if (!Array.isArray(witnesses) || !witnesses.every((w) => typeof w === 'string'))
    throw new ConfigError('config_invalid', 'mirror.witnesses must be a list of witness vkeys');
  const quorum = o.quorum;
  if (
    quorum !== undefined &&
    (typeof quorum !== 'number' || !Number.isSafeInteger(quorum) || quorum < 0)
  )
    throw new ConfigError('config_invalid', 'mirror.quorum must be an integer >= 0');
  const allow = o.allowNoWitness ?? false;
  if (typeof allow !== 'boolean')
    throw new ConfigError('config_invalid', 'mirror.allowNoWitness must be true or false');
  const gossip = o.gossip;
  if (
    gossip !== undefined &&
    (!Array.isArray(gossip) || !gossip.every((g) => typeof g === 'string'))
  )
    throw new ConfigError('config_invalid', 'mirror.gossip must be a list of peer URLs');
  const noGossip = o.noGossip ?? false;
  if (typeof noGossip !== 'boolean')
    throw new ConfigError('config_invalid', 'mirror.noGossip must be true or false');
  if (noGossip && gossip !== undefined)
    throw new ConfigError(
      'config_invalid',
      'give either mirror.gossip or mirror.noGossip, not both',
    );
  const out: MirrorConfig = { witnesses, allowNoWitness: allow, noGossip };
  if (gossip !== undefined) out.gossip = gossip;
  if (quorum !== undefined) out.quorum = quorum;
  const [upstream, root, logKey] = [str('upstream'), str('root'), str('logKey')];
  if (upstream !== undefined) out.upstream = upstream;
  if (root !== undefined) out.root = root;
  if (logKey !== undefined) out.logKey = logKey;
  if (interval !== undefined) out.intervalSeconds = interval;
  return out;
}

function logKeyMap(vkey: string | undefined): Map<string, NoteVerifier[]> | undefined {
  if (vkey === undefined) return undefined;
  try {
    const v = parseVkey(vkey);
    return new Map([[v.name, [v]]]);
  } catch (e) {
    throw new ConfigError('config_invalid', `mirror.logKey: ${(e as Error).message}`, undefined, {
      cause: e,
    });
  }
}

/** The fail-closed defaults a seeding mirror waives (none without an upstream: it seeds nothing). */
function mirrorOptOuts(cfg: MirrorConfig): RoleOptOut[] {
  if (cfg.upstream === undefined) return [];
  const out: RoleOptOut[] = [];
  if (cfg.allowNoWitness)
    out.push({
      key: 'mirror.allowNoWitness',
      effect: 'mirror seeds checkpoints without the governance witness quorum',
    });
  if (cfg.noGossip)
    out.push({ key: 'mirror.noGossip', effect: 'mirror seeds without looking for split views' });
  return out;
}

export const mirrorRole: RoleDefinition = {
  name: 'mirror',
  async mount(app: Hono, opts) {
    const cfg = readMirrorConfig(opts.config);
    const logKeys = logKeyMap(cfg.logKey);
    const optOuts = mirrorOptOuts(cfg);
    let root: string;
    let stopSeeding = (): Promise<void> => Promise.resolve();
    // with an upstream the mirror serves only what it verified: not ready until a pass succeeded
    let health: RoleHealth = { state: 'ready' };
    if (cfg.upstream !== undefined) {
      health = { state: 'starting', detail: 'seeding from the upstream' };
      const seeding = seedingMetrics(opts.metrics);
      let seeded = false;
      if (cfg.root === undefined || logKeys === undefined)
        throw new ConfigError(
          'config_invalid',
          'a mirror with an upstream needs mirror.root and mirror.logKey',
        );
      root = join(opts.dataDir, 'repo');
      const witnesses = cfg.witnesses.map((w) => {
        try {
          return parseVkey(w);
        } catch (e) {
          throw new ConfigError('config_invalid', `mirror.witnesses: ${(e as Error).message}`);
        }
      });
      for (const o of optOuts) opts.log.warn(o.effect, { optOut: o.key });
      stopSeeding = await startMirrorSeeding({
        upstream: cfg.upstream,
        rootFile: cfg.root,
        logKeys,
        witnesses,
        quorum: cfg.quorum ?? witnesses.length,
        allowNoWitness: cfg.allowNoWitness,
        ...(cfg.noGossip
          ? { gossip: { peers: [], disabled: true } }
          : cfg.gossip !== undefined
            ? { gossip: { peers: cfg.gossip } }
            : {}),
        served: root,
        work: join(opts.dataDir, 'seed'),
        intervalMs: (cfg.intervalSeconds ?? 60) * 1000,
        onError: (e) => {
          seeding.refused(e);
          const why = `seeding refused upstream data: ${(e as Error).message}`;
          // a mirror that verified once keeps serving that copy; one that never did serves nothing
          health = seeded ? { state: 'ready', detail: why } : { state: 'failed', detail: why };
          opts.log.warn('mirror seeding refused upstream data', { error: (e as Error).message });
        },
        onSeeded: (r) => {
          seeding.ok();
          seeded = true;
          health = { state: 'ready', detail: `seeded log size ${r.size}, ${r.targets} target(s)` };
        },
      });
    } else {
      if (opts.repo === undefined)
        throw new UsageError('the mirror role needs --repo DIR, or mirror.upstream in --config');
      root = opts.repo;
    }
    app.get('/metadata/*', (c) => serveStatic(c, join(root, 'metadata'), '/metadata'));
    app.get('/targets/*', (c) => serveStatic(c, join(root, 'targets'), '/targets'));
    app.route('/log', tilesApp(join(root, 'log')));
    let closeGossip = (): Promise<void> => Promise.resolve();
    if (logKeys !== undefined) {
      const store = await openGossipStore(join(opts.dataDir, 'gossip'));
      app.use('/gossip/*', gossipMetrics(opts.metrics));
      app.route('/gossip', gossipApp(new Gossip(logKeys, store)));
      closeGossip = () => store.close();
    }
    opts.log.info('mirror ready', {
      upstream: cfg.upstream ?? null,
      gossip: logKeys !== undefined,
    });
    return {
      // the log's verifier key this mirror checks and gossips with: public, for nodes to pin
      ...(cfg.logKey !== undefined ? { publicKeys: { log: cfg.logKey } } : {}),
      optOuts,
      async close() {
        await stopSeeding();
        await closeGossip();
      },
      health: () => health,
    };
  },
};
