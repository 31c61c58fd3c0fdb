// docs/log.md "One verifier": `mesh subscribe`, `mesh verify --mirror` and a mirror seeding from an upstream
// apply the same rules, so each hostile repository below is refused by all three, and the honest one
// accepted by all three; real `mesh` processes and `mesh serve --role mirror` on 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosigner, cosignerVkey, signerVkey } from '../../log/index.js';
import { PublishKeys } from '../../packs/index.js';
import { openRepository } from '../../tuf/index.js';
import {
  maintainer,
  meshJson,
  publish,
  startMirror,
  type Maintainer,
} from './publish-subscribe.js';
import {
  CANARY_PATH as PATH,
  fork,
  listUnlogged,
  logSecondFile,
  packFile,
  subscribeArgs,
} from './hostile-repo.js';

const work = mkdtempSync(join(tmpdir(), 'mesh-parity-'));
let m: Maintainer;

interface Trust {
  logKey: string;
  witnesses: string[];
}

interface Outcomes {
  subscribe: { code: number | null; error?: string; message: string };
  verify: { code: number | null; refused?: string; problems: string };
  seed: { state: string; detail: string };
}

function trustFlags(t: Trust): string[] {
  const w = t.witnesses.flatMap((v) => ['--witness', v]);
  return t.witnesses.length > 0
    ? ['--log-key', t.logKey, ...w, '--quorum', String(t.witnesses.length)]
    : ['--log-key', t.logKey, '--quorum', '0', '--allow-no-witness'];
}

/** The three verification paths run against the repository DIR served by a gossiping mirror. */
async function threePaths(dir: string, t: Trust): Promise<Outcomes> {
  const url = await startMirror(m, { repo: dir, config: { mirror: { logKey: m.logKey } } });
  const state = mkdtempSync(join(work, 'node-'));
  const sub = await meshJson(subscribeArgs(state, url, ['--root', m.root, ...trustFlags(t)]), {
    strict: true,
    timeoutMs: m.timeoutMs,
  });
  const ver = await meshJson(['verify', '--mirror', url, '--root', m.root, ...trustFlags(t)], {
    strict: true,
    timeoutMs: m.timeoutMs,
  });
  const seeded = await startMirror(m, {
    repo: null,
    config: {
      mirror: {
        upstream: url,
        root: m.root,
        logKey: t.logKey,
        witnesses: t.witnesses,
        ...(t.witnesses.length === 0 ? { allowNoWitness: true, quorum: 0 } : {}),
      },
    },
  });
  const health = (await (await fetch(`${seeded}/healthz`)).json()) as {
    state: { mirror: { state: string; detail?: string } };
  };
  const error = sub.json.error as { code: string; message: string } | undefined;
  const refused = ver.json.refused as { code: string } | undefined;
  return {
    subscribe: {
      code: sub.code,
      ...(error !== undefined ? { error: error.code } : {}),
      message: error?.message ?? '',
    },
    verify: {
      code: ver.code,
      ...(refused !== undefined ? { refused: refused.code } : {}),
      problems: String(ver.json.problems),
    },
    seed: { state: health.state.mirror.state, detail: health.state.mirror.detail ?? '' },
  };
}

/** All three refused, for the same reason. */
function expectRefusedByAll(o: Outcomes, code: string, why: RegExp): void {
  expect(o.subscribe.code, JSON.stringify(o)).toBe(1);
  expect(o.subscribe.error).toBe(code);
  expect(o.subscribe.message).toMatch(why);
  expect(o.verify.code, JSON.stringify(o)).toBe(1);
  expect(o.verify.problems).toMatch(why);
  expect(o.seed.state, JSON.stringify(o)).toBe('failed');
  expect(o.seed.detail).toMatch(why);
}

const honest = (): Trust => ({ logKey: m.logKey, witnesses: [] });

beforeAll(async () => {
  m = await maintainer(work, 30_000);
  await publish(m, packFile(m, '1.0.0'), ['--force-unwitnessed']);
}, 120_000);

afterAll(async () => {
  await Promise.all(m.services.map((s) => s.stop()));
});

describe('one verifier behind subscribe, verify and mirror seeding', () => {
  it('all three accept the honest repository', async () => {
    const o = await threePaths(m.repo, honest());
    expect(o.subscribe.code, JSON.stringify(o)).toBe(0);
    expect(o.verify.code, JSON.stringify(o)).toBe(0);
    expect(o.seed.state, JSON.stringify(o)).toBe('ready');
  });

  it('all three refuse a checkpoint without the witness quorum', async () => {
    const w = [0, 1].map((i) => cosignerVkey(cosigner(`w${i}.test`, randomBytes(32))));
    const o = await threePaths(m.repo, { logKey: m.logKey, witnesses: w });
    expectRefusedByAll(o, 'quorum_not_met', /cosigned by 0 of the required 2/);
    expect(o.verify.refused).toBe('quorum_not_met');
  });

  it('all three refuse a log signed by a key they do not trust', async () => {
    const other = signerVkey(new PublishKeys(m.keys).logSigner('other.test/log'));
    const o = await threePaths(m.repo, { logKey: other, witnesses: [] });
    expectRefusedByAll(o, 'log_inconsistent', /not signed by the log key/);
  });

  it('all three refuse a pack signed into TUF with the online keys but never logged', async () => {
    const dir = fork(m, 'omitted');
    listUnlogged(m, dir, readFileSync(packFile(m, '6.6.6', 'evil')), servedProof(m.repo));
    expectRefusedByAll(await threePaths(dir, honest()), 'log_inclusion_failed', /not proven/);
  });

  it('all three refuse a log holding a second file for the same role version', async () => {
    const dir = fork(m, 'conflict');
    await logSecondFile(m, dir, readFileSync(packFile(m, '6.6.7', 'second')));
    expectRefusedByAll(await threePaths(dir, honest()), 'log_conflict', /two different files/);
  });

  it('a seeding mirror gossips with its upstream: one that serves no gossip fails it unless mirror.noGossip', async () => {
    const silent = await startMirror(m, { repo: m.repo, config: {} });
    const seeded = async (extra: object): Promise<{ state: string; detail?: string }> => {
      const url = await startMirror(m, {
        repo: null,
        config: {
          mirror: {
            upstream: silent,
            root: m.root,
            logKey: m.logKey,
            allowNoWitness: true,
            quorum: 0,
            ...extra,
          },
        },
      });
      const h = (await (await fetch(`${url}/healthz`)).json()) as {
        state: { mirror: { state: string; detail?: string } };
      };
      return h.state.mirror;
    };
    const strict = await seeded({});
    expect(strict.state).toBe('failed');
    expect(strict.detail).toMatch(/gossip with .* failed/);
    expect((await seeded({ noGossip: true })).state).toBe('ready');
  });
});

/** The tlog-proof of the pack the honest repository serves (the attacker reuses it). */
function servedProof(repo: string): Uint8Array {
  const t = openRepository(repo).targetsRole('canary').targets.get(PATH);
  const sha = t?.hashes.sha256 ?? '';
  return readFileSync(
    join(repo, 'targets', 'packs/coding-agent/canary', `${sha}.coding-agent.json.tlog-proof`),
  );
}
