// The console in a real headless Chromium (the distribution's package, driven by playwright-core):
// sign in with the printed token, see the escalation a real `mesh guard mcp` call made, approve it,
// and see the held call complete. Screenshots of each page go to docs/console/.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewQueue } from '../../guard/index.js';
import { ROOT, IN_CI } from '../support/env.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { fetchServer, proxied, text, type Proxied } from '../guard/mcp/proxy-client.js';

const CHROMIUM = '/usr/bin/chromium';
/** Where the page screenshots go: docs/console when regenerating the docs' pictures, else a temp dir. */
const SHOTS =
  process.env.MESH_CONSOLE_SHOTS !== undefined
    ? join(ROOT, process.env.MESH_CONSOLE_SHOTS)
    : mkdtempSync(join(tmpdir(), 'mesh-console-shots-'));
const HAVE_CHROMIUM = existsSync(CHROMIUM);
if (IN_CI && !HAVE_CHROMIUM) throw new Error(`${CHROMIUM} is missing: .ci/run installs it`);

const PACK = {
  pack_format: 1,
  name: 'console-test',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'an escalation the console test decides',
  catalog: ['c.prod-fetch'],
  policy: {
    format: 1,
    rules: [
      {
        id: 'c.prod-fetch',
        verdict: 'escalate',
        phase: 'call',
        tools: ['mcp__*__fetch'],
        when: { field: 'args.url', prefix: 'https://prod.' },
        reason: 'production endpoints need a person',
      },
    ],
  },
};

let home: string;
let consoleSrv: ServeProcess;
let profile: string;
let browser: BrowserContext | undefined;
let agent: Proxied | undefined;

describe.skipIf(!HAVE_CHROMIUM)(
  'mesh serve --role console in Chromium',
  { timeout: 240_000 },
  () => {
    beforeAll(async () => {
      home = mkdtempSync(join(tmpdir(), 'mesh-console-'));
      writeFileSync(join(home, 'pack.json'), JSON.stringify(PACK));
      consoleSrv = await startServe(['--role', 'console'], { MESH_HOME: home });
      // A fresh profile per run (playwright passes it as --user-data-dir).
      profile = mkdtempSync(join(tmpdir(), 'mesh-chromium-'));
      browser = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      agent = await proxied(
        home,
        ['--pack', join(home, 'pack.json'), '--session', 'console-e2e', '--review-timeout', '120'],
        fetchServer(join(home, 'fetch.log')),
      );
    }, 120_000);

    afterAll(async () => {
      await agent?.close();
      await browser?.close();
      await consoleSrv.stop();
      rmSync(home, { recursive: true, force: true });
      rmSync(profile, { recursive: true, force: true });
    });

    it('signs in, shows the held call, approves it by name, and the call completes', async () => {
      const token = /console login: \S+ token (\S+)/.exec(consoleSrv.stderr())?.[1];
      expect(token).toBeDefined();
      if (agent === undefined || browser === undefined) throw new Error('not started');
      const context = browser;
      const held = agent.client.callTool({
        name: 'fetch',
        arguments: { url: 'https://prod.example/deploy' },
      });
      let settled = false;
      void held.finally(() => (settled = true));

      const page = await context.newPage();
      await page.goto(`${consoleSrv.url}/console/`);
      expect(page.url()).toMatch(/\/console\/login$/);
      await page.screenshot({ path: join(SHOTS, 'login.png') });
      await page.fill('input[name=token]', token ?? '');
      await page.fill('input[name=name]', 'Alice Example');
      await page.click('button');
      await page.waitForURL(/\/console\/$/);

      await expect
        .poll(async () => (await page.reload(), await page.locator('tr[id^=review-]').count()), {
          timeout: 60_000,
        })
        .toBe(1);
      const row = page.locator('tr[id^=review-]');
      expect(await row.innerText()).toMatch(
        /c\.prod-fetch[\s\S]*production endpoints need a person/,
      );
      expect(settled).toBe(false);
      const csp = (await page.request.get(`${consoleSrv.url}/console/`)).headers()[
        'content-security-policy'
      ];
      expect(csp).toContain("default-src 'none'");
      await page.screenshot({ path: join(SHOTS, 'reviews.png'), fullPage: true });

      await row.locator('button[name=approve]').click();
      await page.waitForSelector('#no-reviews');
      const result = await held;
      expect(text(result)).toMatch(/fetched https:\/\/prod\.example\/deploy/);

      const q = ReviewQueue.open(join(home, 'guard'));
      try {
        const approved = q.list('approved');
        expect(approved).toHaveLength(1);
        expect(approved[0]?.approver).toBe('Alice Example');
      } finally {
        q.close();
      }

      await page.goto(`${consoleSrv.url}/console/receipts`);
      await page.screenshot({ path: join(SHOTS, 'receipts.png'), fullPage: true });
      await page.goto(`${consoleSrv.url}/console/status`);
      expect(await page.innerText('body')).toMatch(/approved\s+1/);
      await page.screenshot({ path: join(SHOTS, 'status.png'), fullPage: true });
    });

    it('exposes guard metrics with closed label sets on /metrics', async () => {
      const body = await (await fetch(`${consoleSrv.url}/metrics`)).text();
      expect(body).toMatch(/mesh_guard_review_queue_depth\{status="approved"\} 1/);
      expect(body).toMatch(
        /mesh_guard_decisions_last_day\{door="[a-z-]+",verdict="escalate",family="pack"\} 1/,
      );
      expect(body).not.toContain('c.prod-fetch');
      expect(body).not.toContain('console-e2e');
    });

    it('refuses an approval without the session and CSRF token an agent cannot have', async () => {
      const r = await fetch(`${consoleSrv.url}/console/reviews/0123456789abcdef/approve`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'csrf=x',
      });
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe('/console/login');
    });
  },
);
