// The operator's host list (config.json `guard.egress.allowHosts`) as `mesh guard mcp` applies it:
// a fetch carrying data to a host the built-in policy does not list is held for review, unless the
// node's config lists that host. Real SDK client, the real proxy process, the fetch fixture server.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchServer, proxied, proxyFlags, text } from './proxy-client.js';

const PACK = {
  pack_format: 1,
  name: 'egress-hosts-test',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'no rules of its own: the built-in pack decides',
  catalog: [],
  policy: { format: 1, rules: [] },
};
// a query that carries data (not a search term): what ca.fetch-data-offlist holds off the list
const DATA = Buffer.from('customer ledger 2024 export rows 1-500 for acme').toString('base64');
const URL = `https://pkgs.corp.example/c?d=${DATA}`;

let base: string;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'mesh-mcp-egress-'));
  writeFileSync(join(base, 'pack.json'), JSON.stringify(PACK));
});
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

/** One fetch through a proxy whose node home has `config`; returns the result and what got through. */
async function fetchWith(name: string, config: object | null) {
  const home = join(base, name);
  const log = join(base, `${name}.log`);
  writeFileSync(log, '');
  if (config !== null) {
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'config.json'), JSON.stringify(config));
  }
  const flags = proxyFlags(join(base, 'pack.json'), name, ['--review-timeout', '1']);
  const net = await proxied(home, flags, fetchServer(log));
  try {
    const r = await net.client.callTool({ name: 'fetch', arguments: { url: URL } });
    return { r, passed: readFileSync(log, 'utf8') };
  } finally {
    await net.close();
  }
}

describe('mesh guard mcp and guard.egress.allowHosts', () => {
  it('holds data to an unlisted host, and passes it once the operator lists the host', async () => {
    const held = await fetchWith('unlisted', null);
    expect(held.r.isError).toBe(true);
    expect(text(held.r)).toMatch(/no approval within/);
    expect(held.passed).toBe('');

    const listed = await fetchWith('listed', {
      schema: 1,
      guard: { egress: { allowHosts: ['*.corp.example'] } },
    });
    expect(listed.r.isError).not.toBe(true);
    expect(text(listed.r)).toMatch(/fetched https:\/\/pkgs\.corp\.example/);
    expect(listed.passed).toContain(DATA);

    // another host stays held under the same config
    const other = await fetchWith('other', {
      schema: 1,
      guard: { egress: { allowHosts: ['pkgs.other.example'] } },
    });
    expect(other.r.isError).toBe(true);
    expect(other.passed).toBe('');
  }, 60_000);
});
