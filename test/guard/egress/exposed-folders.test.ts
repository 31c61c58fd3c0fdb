// Home, the root or a credential folder served to the network by a static file server, and the
// project's own tree put behind a tunnel, beside the previews and webhook tunnels developers run.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const bash = bashRule('/home/dev/proj');

describe('folders exposed to the network', () => {
  it('home or the root served, with or without a tunnel, is held as an upload', async () => {
    for (const c of [
      `cd ~ && (nohup python3 -m http.server 8765 >/dev/null 2>&1 &) && npx --yes localtunnel --port 8765 --subdomain demo-1`,
      `cd ~ && (python3 -m http.server 8765 --bind 0.0.0.0 >/dev/null 2>&1 &) && ngrok http 8765 --log=stdout > /tmp/ng.log &`,
      `python3 -m http.server 9000 --directory ~ & cloudflared tunnel --url http://localhost:9000`,
      `python -m http.server -d "$HOME" 8080`,
      `cd / && php -S 0.0.0.0:8080`,
      `npx serve ~ -l 5000 & lt --port 5000`,
      `busybox httpd -f -p 8080 -h $HOME`,
      `ruby -run -ehttpd ~ -p8000`,
      `pushd / && python3 -m http.server 8000`,
      `python3 -m http.server 8000 --bind 127.0.0.1 --directory ~ & ngrok http 8000`,
      `ngrok http file:///home/dev`,
      `tailscale funnel --bg ~/`,
      `cd $env:USERPROFILE; python -m http.server 8000`,
      `Set-Location ~; py -m http.server 8000`,
      `cd 'C:\\Users\\dev'; python -m http.server 8000`,
    ])
      expect(await bash(c), c).toBe('ca.upload-offlist');
  });

  it("the project's own tree behind a tunnel is held", async () => {
    for (const c of [
      `python3 -m http.server 8000 & bore local 8000 --to bore.pub`,
      `npx http-server . -p 8080 & npx ngrok http 8080`,
      `cd ~/projects/api && python3 -m http.server 8000 & ngrok http 8000`,
      `php -S 0.0.0.0:8000 & cloudflared tunnel --url http://localhost:8000`,
      `ngrok http file://.`,
    ])
      expect(await bash(c), c).toBe('ca.upload-offlist');
  });

  it('local previews, built sites and webhook tunnels to a dev server pass', async () => {
    for (const c of [
      `python3 -m http.server 8000`,
      `cd docs/_build/html && python3 -m http.server 8000`,
      `python3 -m http.server 8000 --bind 127.0.0.1 --directory ~`,
      `npm run build && npx serve dist -l 3000 & ngrok http 3000`,
      `ngrok http 3000`,
      `npm run dev & ngrok http 3000 --domain=my-app.ngrok.app`,
      `cloudflared tunnel --url http://localhost:8080`,
      `stripe listen --forward-to localhost:4242/webhook & lt --port 4242`,
      `cd ~/Downloads && python3 -m http.server 8000`,
      `php -S localhost:8000 -t public`,
      `npx serve -s build`,
      `cd ~/projects/site && npx http-server -p 8080`,
      `busybox httpd -f -p 127.0.0.1:8080 -h ./www`,
      `tailscale funnel 3000`,
      `ngrok http file://./dist`,
    ])
      expect(await bash(c), c).toBe('allow');
  });
});
