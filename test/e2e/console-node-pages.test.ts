// docs/console.md "Node": a node subscribed to a pack published through TUF and the log, with
// reporting on, seen through `mesh serve --role console` in a real headless Chromium signed in with
// a configured approver key: the subscription and its pack version, the reporting state with the
// verified task's aggregators, and `mesh doctor`'s checks. Screenshots of each page go to
// docs/console/ when MESH_CONSOLE_SHOTS=docs/console.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_CI, ROOT } from '../support/env.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { startMirror } from './publish-subscribe.js';
import {
  enableReporting,
  publishPackAndTask,
  SPEC,
  subscribeNode,
  type Published,
} from './reporting-mesh.js';

const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (IN_CI && !HAVE_CHROMIUM) throw new Error(`${CHROMIUM} is missing: .ci/run installs it`);
const SHOTS =
  process.env.MESH_CONSOLE_SHOTS !== undefined
    ? join(ROOT, process.env.MESH_CONSOLE_SHOTS)
    : mkdtempSync(join(tmpdir(), 'mesh-console-shots-'));
const KEY = randomBytes(32).toString('base64url');
// Aggregators nobody serves: this suite reads the reporting state, it submits nothing.
const LEADER = 'http://127.0.0.1:9/leader/';
const HELPER = 'http://127.0.0.1:9/helper/';

let published: Published;
let home: string;
let srv: ServeProcess;
let profile: string;
let browser: BrowserContext | undefined;

describe.skipIf(!HAVE_CHROMIUM)('the console node pages in Chromium', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    published = await publishPackAndTask(LEADER, HELPER, {
      minBatchSize: 10,
      timePrecision: 3600,
      batchMode: 'time_interval',
    });
    const mirror = await startMirror(published);
    const node = await subscribeNode(published, mirror, 'console-node');
    expect(node.run.code, node.run.stderr).toBe(0);
    home = node.home;
    expect((await enableReporting(home, ['--window', '3600'])).code).toBe(0);
    const keyFile = join(home, 'console.key');
    writeFileSync(keyFile, KEY, { mode: 0o600 });
    const config = join(home, 'console.json');
    writeFileSync(
      config,
      JSON.stringify({ console: { approvers: [{ name: 'Dana Operator', keyFile }] } }),
    );
    srv = await startServe(['--role', 'console', '--config', config], { MESH_HOME: home });
    profile = mkdtempSync(join(tmpdir(), 'mesh-chromium-'));
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
    });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await srv.stop();
    for (const s of published.services) await s.stop();
    rmSync(published.work, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  });

  it('signs in with the approver key and shows subscriptions, reporting and doctor', async () => {
    if (browser === undefined) throw new Error('not started');
    const page = await browser.newPage();
    await page.goto(`${srv.url}/console/login`);
    expect(await page.locator('input[name=name]').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'login-key.png') });
    await page.fill('input[name=token]', KEY);
    await page.click('button');
    await page.waitForURL(/\/console\/$/);
    expect(await page.innerText('body')).toContain('Signed in as Dana Operator');

    await page.click('nav >> text=Subscriptions');
    const id = SPEC.replace(/^mesh:/, '');
    const row = page.locator(`tr[id="sub-${id}"]`);
    expect(await row.innerText()).toMatch(/ok[\s\S]*\d+\.\d+\.\d+[\s\S]*canary v\d+/);
    expect(await row.innerText()).toMatch(/no witness quorum, no gossip/);
    await page.screenshot({ path: join(SHOTS, 'subscriptions.png'), fullPage: true });

    await page.click('nav >> text=Reporting');
    const reporting = await page.innerText('#reporting');
    expect(reporting).toMatch(/Reporting\s+on/);
    expect(reporting).toContain(SPEC);
    expect(reporting).toContain(LEADER);
    expect(reporting).toContain(HELPER);
    await page.screenshot({ path: join(SHOTS, 'reporting.png'), fullPage: true });

    // The page's own response carries the headers: a second request could meet a keep-alive
    // socket the server is closing (socket hang up), which says nothing about the console.
    const [doctorPage] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/console/doctor', {
        timeout: 90_000,
      }),
      page.click('nav >> text=Doctor'),
    ]);
    await page.waitForSelector('#doctor', { timeout: 90_000 });
    const doctor = await page.innerText('body');
    // The checks `mesh doctor` makes for this state directory, with the subscription among them.
    expect(doctor).toMatch(new RegExp(SPEC.replace(/[.@]/g, '\\$&')));
    expect(doctor).toMatch(/reporting is ON/);
    await page.screenshot({ path: join(SHOTS, 'doctor.png'), fullPage: true });
    const csp = (await doctorPage.allHeaders())['content-security-policy'];
    expect(csp).toContain("default-src 'none'");
    expect(await page.content()).not.toContain(KEY);
  });
});
