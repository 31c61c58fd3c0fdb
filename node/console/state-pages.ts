// The console's node pages (docs/console.md "Node"): subscriptions with the verified pack version
// each holds, reporting state, and `mesh doctor`'s checks. Every value is escaped with esc().
import type { ReportStatus } from '../report/status.js';
import type { DoctorReport } from './doctor-report.js';
import { esc, page } from './html.js';
import type { SubscriptionView } from './node-state.js';

const when = (iso: string | undefined): string => (iso === undefined ? '' : esc(iso));

function subscriptionRow(v: SubscriptionView): string {
  const s = v.state;
  if ('unreadable' in s)
    return `<tr id="sub-${esc(v.id)}"><td><code>mesh:${esc(v.id)}</code></td><td class="bad">unreadable</td><td colspan="5">${esc(s.unreadable)}</td></tr>`;
  const good = s.good;
  const pack =
    good === undefined
      ? '<td colspan="2">no verified pack yet</td>'
      : `<td><b>${esc(good.packVersion)}</b><br><code>${esc(good.sha256.slice(0, 16))}</code></td><td>${esc(good.role)} v${esc(good.roleVersion)}<br>accepted ${when(good.acceptedAt)}</td>`;
  const t = s.trust;
  const opts = [t.allowNoWitness === true ? 'no witness quorum' : '', t.noGossip ? 'no gossip' : '']
    .filter((x) => x !== '')
    .join(', ');
  const trust = `${esc(t.mirror)}<br>${esc(t.logKeys.length)} log key(s), ${esc(t.witnesses.length)} witness(es), quorum ${esc(t.quorum)}${opts === '' ? '' : `<br><span class="bad">${esc(opts)}</span>`}`;
  const status = s.status === 'ok' ? 'ok' : s.status === 'failed' ? 'bad' : '';
  const last = s.lastError
    ? `<span class="bad">${esc(s.lastError.code)}: ${esc(s.lastError.message)}</span> (${when(s.lastError.at)})`
    : '';
  return `<tr id="sub-${esc(v.id)}"><td><code>mesh:${esc(v.id)}</code></td><td class="${status}">${esc(s.status)}</td>${pack}<td>${trust}</td><td>${when(s.lastAttempt)}</td><td>${last}</td></tr>`;
}

/** Subscriptions and their packs. */
export function subscriptionsPage(views: readonly SubscriptionView[]): string {
  if (views.length === 0)
    return page(
      'Subscriptions',
      '<p id="no-subscriptions">No subscription yet: <code>mesh subscribe mesh:&lt;pack&gt;@&lt;ring&gt;</code>.</p>',
    );
  return page(
    'Subscriptions',
    `<table><tr><th>Subscription</th><th>Status</th><th>Pack version</th><th>Metadata</th><th>Trust</th><th>Last attempt</th><th>Last error</th></tr>${views.map(subscriptionRow).join('')}</table>`,
  );
}

/** Reporting: whether it is on, the verified task's aggregators, and the windows. */
export function reportingPage(s: ReportStatus): string {
  const task =
    s.task === null
      ? ''
      : 'error' in s.task
        ? `<tr><th>DAP task</th><td class="bad">${esc(s.task.error)}</td></tr>`
        : `<tr><th>Leader</th><td>${esc(s.task.leader)}</td></tr><tr><th>Helper</th><td>${esc(s.task.helper)}</td></tr>`;
  const head = `<table id="reporting"><tr><th>Reporting</th><td class="${s.enabled ? 'ok' : ''}">${s.enabled ? 'on' : 'off'}</td></tr>
<tr><th>Pack</th><td>${s.pack === null ? 'not set up: <code>mesh report init --pack mesh:&lt;pack&gt;@&lt;ring&gt;</code>' : `<code>${esc(s.pack)}</code>`}</td></tr>
<tr><th>Window</th><td>${s.windowSeconds === null ? '' : `${esc(s.windowSeconds)} s`}</td></tr>${task}
<tr><th>Windows</th><td>${esc(s.submitted)} submitted, ${esc(s.prepared)} prepared and not yet confirmed</td></tr></table>`;
  const rows = s.windows
    .slice(-50)
    .reverse()
    .map(
      (w) =>
        `<tr><td>${esc(new Date(Number(w.window) * 1000).toISOString())}</td><td>${esc(w.state)}</td><td><code>${esc(w.reportId)}</code></td></tr>`,
    );
  const windows =
    rows.length === 0
      ? ''
      : `<h2>Latest windows</h2><table><tr><th>Window</th><th>State</th><th>Report</th></tr>${rows.join('')}</table>`;
  return page('Reporting', head + windows);
}

/** `mesh doctor`'s checks, or why doctor did not answer. */
export function doctorPage(r: DoctorReport | { error: string }): string {
  if ('error' in r) return page('Doctor', `<p class="bad">${esc(r.error)}</p>`);
  const rows = r.checks.map(
    (c) =>
      `<tr><td class="${c.status === 'ok' ? 'ok' : 'bad'}">${esc(c.status)}</td><td>${esc(c.name)}</td><td>${esc(c.detail)}${c.hint === undefined ? '' : `<br>next: <code>${esc(c.hint)}</code>`}</td></tr>`,
  );
  return page(
    'Doctor',
    `<p id="doctor" class="${r.ok ? 'ok' : 'bad'}">${r.ok ? 'No check failed.' : 'A check failed.'}</p><table><tr><th>Status</th><th>Check</th><th>What it saw</th></tr>${rows.join('')}</table>`,
  );
}
