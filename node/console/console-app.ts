// The console's hono routes under /console: sign-in, pending reviews with approve and reject, the
// receipts view, a status page. Strict CSP on every answer, CSRF tokens on every form, the session
// cookie HttpOnly and SameSite=Strict; nothing here renders a raw argument or secret.
import type { Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import type { ConsoleAuth } from './console-auth.js';
import { SESSION_COOKIE, type ConsoleUser } from './console-auth.js';
import type { ConsoleService } from './console-service.js';
import type { DoctorRunner } from './doctor-report.js';
import { CSP, esc, page, STYLE } from './html.js';
import { reportingOf, subscriptionsOf } from './node-state.js';
import { doctorPage, reportingPage, subscriptionsPage } from './state-pages.js';

/** What the console reads and decides with. */
export interface ConsoleParts {
  auth: ConsoleAuth;
  service: ConsoleService;
  /** The node's state directory: subscriptions, reporting, doctor. */
  stateRoot: string;
  doctor: DoctorRunner;
  status: () => Record<string, string | number>;
}

function html(c: Context, body: string, status: 200 | 400 | 403 | 409 | 500 = 200): Response {
  c.header('content-security-policy', CSP);
  c.header('x-content-type-options', 'nosniff');
  c.header('referrer-policy', 'no-referrer');
  c.header('cache-control', 'no-store');
  return c.html(body, status);
}

/** The console's session id in a Cookie header (attacker-controlled; only looked up, never echoed). */
function sessionOf(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, v] = part.trim().split('=', 2);
    if (k === SESSION_COOKIE && v !== undefined) return v;
  }
  return undefined;
}

function csrfField(u: ConsoleUser): string {
  return `<input type="hidden" name="csrf" value="${esc(u.csrf)}">`;
}

function reviewsPage(u: ConsoleUser, service: ConsoleService, note = ''): string {
  const rows = service.pending().map(
    (
      r,
    ) => `<tr id="review-${esc(r.id)}"><td><code>${esc(r.id)}</code></td><td>${esc(r.frontDoor)}</td><td><code>${esc(r.tool)}</code></td>
<td><code>${esc(r.rule)}</code></td><td>${esc(r.reason)}${r.attributedTo === null ? '' : ` <code>[${esc(r.attributedTo)}]</code>`}</td>
<td><code>${esc(r.preview ?? '(no preview)')}</code><br>args sha256 <code>${esc(r.argsDigest.slice(0, 16))}</code></td>
<td>${esc(new Date(r.expires).toISOString())}</td>
<td><form class="inline" method="post" action="/console/reviews/${esc(r.id)}/approve">${csrfField(u)}<button name="approve">Approve</button></form>
<form class="inline" method="post" action="/console/reviews/${esc(r.id)}/reject">${csrfField(u)}<button name="reject">Reject</button></form></td></tr>`,
  );
  const table =
    rows.length === 0
      ? '<p id="no-reviews">No call is waiting for review.</p>'
      : `<table><tr><th>Review</th><th>Door</th><th>Tool</th><th>Rule</th><th>Reason</th><th>Call (masked)</th><th>Expires</th><th></th></tr>${rows.join('')}</table>`;
  return page('Pending reviews', `<p>Signed in as <b>${esc(u.name)}</b>. ${esc(note)}</p>${table}`);
}

function receiptsPage(service: ConsoleService): string {
  const { report, latest } = service.receipts();
  if (report === null) return page('Receipts', '<p>No receipts yet.</p>');
  const status = report.ok
    ? `<p class="ok" id="chain">Chain verified: ${esc(report.receipts)} receipts, head ${esc(report.head.hash.slice(0, 16))}.</p>`
    : `<p class="bad" id="chain">Chain does not verify:</p><ul>${report.problems.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>`;
  const rows = latest.map(
    (
      r,
    ) => `<tr><td>${esc(new Date(r.ts).toISOString())}</td><td>${esc(r.principal ?? '')}</td><td><code>${esc(r.tool ?? '')}</code></td>
<td>${esc(r.verdict)}</td><td><code>${esc(r.rule ?? '')}</code></td><td>${esc(r.reason)}</td><td><code>${esc(r.preview ?? '')}</code></td></tr>`,
  );
  return page(
    'Receipts',
    `${status}<table><tr><th>Time</th><th>Door</th><th>Tool</th><th>Verdict</th><th>Rule</th><th>Reason</th><th>Preview (masked)</th></tr>${rows.join('')}</table>`,
  );
}

function loginForm(auth: ConsoleAuth, msg = ''): string {
  const fields = auth.byKey
    ? '<p><label>Approver key <input type="password" name="token" autocomplete="off"></label></p>'
    : `<p><label>Login token <input type="password" name="token" autocomplete="off"></label></p>
<p><label>Your name (recorded on each decision) <input name="name" maxlength="64"></label></p>`;
  return page(
    'Sign in',
    `${msg === '' ? '' : `<p class="bad">${esc(msg)}</p>`}<form method="post" action="/console/login">${fields}<button>Sign in</button></form>`,
    false,
  );
}

/** A node page whose read failed: the reason, never a stack. */
function failed(title: string, e: unknown): string {
  return page(title, `<p class="bad">${esc((e as Error).message)}</p>`);
}

/**
 * Mounts the console on `app`.
 * @example mountConsole(app, { auth: new ConsoleAuth(), service: new ConsoleService(guardDir), stateRoot, doctor: new DoctorRunner(stateRoot), status })
 */
export function mountConsole(app: Hono, parts: ConsoleParts): void {
  const { auth, service, status, stateRoot, doctor } = parts;
  app.get('/console/style.css', (c) => {
    c.header('content-type', 'text/css');
    return c.body(STYLE);
  });
  app.get('/console/login', (c) => html(c, loginForm(auth)));
  app.post('/console/login', async (c) => {
    // Form fields are attacker-controlled; checked in ConsoleAuth.login.
    const form = await c.req.parseBody();
    const field = (v: unknown): string => (typeof v === 'string' ? v : '');
    const s = auth.login(field(form.token), field(form.name).trim());
    if (s === null)
      return html(
        c,
        loginForm(
          auth,
          auth.byKey ? 'Not an approver key.' : 'Wrong token, or a name that is not a plain name.',
        ),
        403,
      );
    setCookie(c, SESSION_COOKIE, s.id, { httpOnly: true, sameSite: 'Strict', path: '/console' });
    return c.redirect('/console/', 303);
  });
  app.use('/console/*', async (c, next) => {
    if (c.req.path === '/console/login' || c.req.path === '/console/style.css') return next();
    if (auth.user(sessionOf(c.req.header('cookie'))) === undefined)
      return c.redirect('/console/login', 303);
    return next();
  });
  app.get('/console/', (c) =>
    html(c, reviewsPage(auth.user(sessionOf(c.req.header('cookie'))) as ConsoleUser, service)),
  );
  app.post('/console/reviews/:id/:action', async (c) => {
    const u = auth.user(sessionOf(c.req.header('cookie'))) as ConsoleUser;
    const form = await c.req.parseBody();
    if (!auth.csrfOk(u, form.csrf))
      return html(c, page('Refused', '<p>Stale form; reload the page.</p>'), 403);
    const action = c.req.param('action');
    if (action !== 'approve' && action !== 'reject')
      return html(c, page('Refused', '<p>Unknown action.</p>'), 400);
    try {
      service.decide(c.req.param('id'), action === 'approve' ? 'approved' : 'rejected', u.name);
    } catch (e) {
      return html(c, reviewsPage(u, service, (e as Error).message), 409);
    }
    return c.redirect('/console/', 303);
  });
  app.get('/console/receipts', (c) => html(c, receiptsPage(service)));
  app.get('/console/subscriptions', (c) => {
    try {
      return html(c, subscriptionsPage(subscriptionsOf(stateRoot)));
    } catch (e) {
      return html(c, failed('Subscriptions', e), 500);
    }
  });
  app.get('/console/reporting', (c) => {
    try {
      return html(c, reportingPage(reportingOf(stateRoot)));
    } catch (e) {
      return html(c, failed('Reporting', e), 500);
    }
  });
  app.get('/console/doctor', async (c) => {
    try {
      return html(c, doctorPage(await doctor.report()));
    } catch (e) {
      return html(c, doctorPage({ error: (e as Error).message }), 500);
    }
  });
  app.get('/console/status', (c) => {
    const rows = Object.entries(status()).map(
      ([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`,
    );
    return html(c, page('Status', `<table>${rows.join('')}</table>`));
  });
}
