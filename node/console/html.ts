// The console's pages: server-rendered HTML, every interpolated value escaped here, no script, no
// inline style; the Content-Security-Policy allows only the console's own stylesheet and forms.

/** HTML-escapes text for element content and quoted attribute values. */
export function esc(v: unknown): string {
  return String(v)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export const CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem;color:#1b1b1b}
nav a{margin-right:1rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
code{font-size:.9em;word-break:break-all}.ok{color:#0a6b2d}.bad{color:#a01010}form.inline{display:inline}button{margin:.1rem}`;

/** A whole page; `body` is HTML built only from esc()-ed values. */
export function page(title: string, body: string, nav = true): string {
  const links = nav
    ? '<nav><a href="/console/">Reviews</a><a href="/console/receipts">Receipts</a><a href="/console/subscriptions">Subscriptions</a><a href="/console/reporting">Reporting</a><a href="/console/doctor">Doctor</a><a href="/console/status">Status</a></nav>'
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} - mesh console</title><link rel="stylesheet" href="/console/style.css"></head><body>${links}<h1>${esc(title)}</h1>${body}</body></html>`;
}
