// docs/architecture.md "Report": the DAP client task reaches a node only as a TUF target of the pack's
// repository, so nobody can point its shares at other servers by editing a mirror or the node's
// files; and reporting is off until the operator enables it. The aggregators named by the genuine
// task and the attacker's endpoint are real listeners that record every request.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../packs/index.js';
import {
  enableReporting,
  listen,
  meshJson,
  publishPackAndTask,
  SPEC,
  subscribeNode,
  type Listener,
  type Published,
} from './reporting-mesh.js';
import { startMirror, subscribe } from './publish-subscribe.js';

let p: Published;
let legit: Listener;
let attacker: Listener;
let mirror = '';
const statics: Server[] = [];

/** A plain static web server: what an attacker controlling a mirror or CDN would run. */
function serveStatic(dir: string): Promise<string> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    try {
      res.end(readFileSync(join(dir, path)));
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
  statics.push(server);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      resolve(`http://127.0.0.1:${typeof a === 'object' && a !== null ? a.port : 0}`);
    });
  });
}

const taskDir = (repo: string): string => join(repo, 'targets', 'tasks', 'coding-agent');
const attackerTask = (): Buffer =>
  Buffer.from(readFileSync(join(p.dap, 'client.json'), 'utf8').replaceAll(legit.url, attacker.url));

/** A copy of the repository whose task target file was replaced in place on the mirror. */
function editedOnMirror(): string {
  const copy = join(p.work, 'mirror-edited');
  cpSync(p.repo, copy, { recursive: true });
  const [name] = readdirSync(taskDir(copy)).filter((f) => f.endsWith('.client.json'));
  writeFileSync(join(taskDir(copy), name ?? ''), attackerTask());
  return copy;
}

/** A copy whose canary metadata lists the attacker's task without the canary key's signature. */
function unsignedTask(): string {
  const copy = join(p.work, 'mirror-unsigned');
  cpSync(p.repo, copy, { recursive: true });
  const bytes = attackerTask();
  const sha = sha256Hex(bytes);
  writeFileSync(join(taskDir(copy), `${sha}.client.json`), bytes);
  const meta = join(copy, 'metadata');
  const file = readdirSync(meta)
    .filter((f) => /^\d+\.canary\.json$/.test(f))
    .sort((a, b) => parseInt(b) - parseInt(a))[0];
  const doc = JSON.parse(readFileSync(join(meta, file ?? ''), 'utf8')) as {
    signed: { targets: Record<string, { length: number; hashes: { sha256: string } }> };
  };
  doc.signed.targets['tasks/coding-agent/client.json'] = {
    length: bytes.length,
    hashes: { sha256: sha },
  };
  writeFileSync(join(meta, file ?? ''), JSON.stringify(doc));
  return copy;
}

async function enabledNode(name: string, via: string): Promise<string> {
  const node = await subscribeNode(p, via, name);
  expect(node.run.code, JSON.stringify(node.run.json)).toBe(0);
  const init = await enableReporting(node.home);
  expect(init.code, JSON.stringify(init.json)).toBe(0);
  return node.home;
}

beforeAll(async () => {
  legit = await listen();
  attacker = await listen();
  p = await publishPackAndTask(`${legit.url}/leader/`, `${legit.url}/helper/`, {
    minBatchSize: 1,
    timePrecision: 3600,
    batchMode: 'time_interval',
  });
  mirror = await startMirror(p);
}, 180_000);

afterAll(async () => {
  await Promise.all(p.services.map((s) => s.stop()));
  await Promise.all([legit.close(), attacker.close()]);
  for (const s of statics) s.close();
});

describe('reporting is off by default', () => {
  it('a subscribed node uploads nothing until `mesh report enable`', async () => {
    const node = await subscribeNode(p, mirror, 'quiet');
    expect(node.run.code, JSON.stringify(node.run.json)).toBe(0);
    const home = node.home;
    const notSetUp = await meshJson(['--state', home, 'report', 'submit']);
    expect(notSetUp.code).toBe(2);
    const init = await meshJson([
      '--state',
      home,
      'report',
      'init',
      '--pack',
      SPEC,
      '--below-consent-floor',
    ]);
    expect(init.code, JSON.stringify(init.json)).toBe(0);
    expect(init.json.enabled).toBe(false);
    const off = await meshJson(['--state', home, 'report', 'submit']);
    expect(off.code).toBe(2);
    expect(off.json).toMatchObject({ error: { code: 'usage', hint: 'run: mesh report enable' } });
    expect(legit.requests).toEqual([]);
    // Turned on, the same node reaches the genuine aggregators: the listeners do record requests.
    expect((await meshJson(['--state', home, 'report', 'enable'])).code).toBe(0);
    // Consent is never retroactive: the window running when reporting was enabled is the first.
    const running = String(Math.floor(Date.now() / 1000 / 3600) * 3600);
    const on = await meshJson(['--state', home, 'report', 'submit', '--window', running]);
    expect(on.code).toBe(1);
    expect(legit.requests.length, JSON.stringify(on.json)).toBeGreaterThan(0);
    expect(attacker.requests).toEqual([]);
  }, 120_000);
});

describe('a node refuses a DAP task file that did not come through TUF', () => {
  it('edited on the mirror: subscription refused, reporting cannot start, attacker hears nothing', async () => {
    const evil = await serveStatic(editedOnMirror());
    const node = await subscribeNode(p, evil, 'edited');
    expect(node.run.code).toBe(1);
    expect(node.run.json).toMatchObject({ error: { code: expect.any(String) as string } });
    const init = await enableReporting(node.home);
    expect(init.code).toBe(1);
    expect(init.json).toMatchObject({ error: { code: 'state_invalid' } });
    const submit = await meshJson(['--state', node.home, 'report', 'submit']);
    expect(submit.code).not.toBe(0);
    expect(attacker.requests).toEqual([]);
  }, 120_000);

  it('listed without the canary signature (other aggregator endpoints): refused the same way', async () => {
    const evil = await serveStatic(unsignedTask());
    const node = await subscribeNode(p, evil, 'unsigned');
    expect(node.run.code).toBe(1);
    const init = await enableReporting(node.home);
    expect(init.json).toMatchObject({ error: { code: 'state_invalid' } });
    expect(attacker.requests).toEqual([]);
  }, 120_000);

  it('a node that reports already keeps its verified task when a mirror turns hostile', async () => {
    const home = await enabledNode('switched', mirror);
    const evil = await serveStatic(editedOnMirror());
    const refresh = await subscribe(p, home, SPEC, evil, { strict: false });
    expect(refresh.code).toBe(1);
    const before = legit.requests.length;
    await meshJson(['--state', home, 'report', 'submit']);
    expect(legit.requests.length).toBeGreaterThan(before);
    expect(attacker.requests).toEqual([]);
  }, 120_000);

  it("edited in the node's own state after verification: refused before any upload", async () => {
    const home = await enabledNode('tampered', mirror);
    const dir = join(home, 'subscriptions');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.client.json'),
    );
    expect(files).toHaveLength(1);
    writeFileSync(join(dir, files[0] ?? ''), attackerTask());
    const before = legit.requests.length;
    const submit = await meshJson(['--state', home, 'report', 'submit']);
    expect(submit.code).toBe(1);
    expect(submit.json).toMatchObject({ error: { code: 'state_invalid' } });
    expect(attacker.requests).toEqual([]);
    expect(legit.requests.length).toBe(before);
  }, 120_000);
});
