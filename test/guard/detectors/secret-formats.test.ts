import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGuard, findSecrets } from '../../../guard/index.js';
import { loadPack, readCorpus } from '../../../packs/index.js';
import { foldAscii, regexLiterals } from '../../../guard/rules/needs.js';
import { secretScreen } from '../../../guard/detectors/secrets.js';
import { SECRET_PATTERNS } from '../../../guard/detectors/secret-patterns.js';
import { FC_RUNS } from '../../support/env.js';
import { ALNUM, checksummed, secretSamples } from './secret-samples.js';

const samples = secretSamples();

describe('secret formats: a real-format example and its near-miss twin', () => {
  it.each(samples.map((s) => [s.kind, s] as const))('%s', (_kind, s) => {
    const real = findSecrets(`value: ${s.real} end`).map((m) => m.kind);
    expect(real).toContain(s.kind);
    expect(findSecrets(`value: ${s.near} end`).map((m) => m.kind)).not.toContain(s.kind);
  });
  it('covers the formats real attacks used and the checksummed ones', () => {
    const kinds = new Set(samples.map((s) => s.kind));
    for (const k of [
      'anthropic_oauth_token',
      'huggingface_token',
      'sendgrid_key',
      'azure_storage_key',
      'vault_token',
      'digitalocean_token',
      'databricks_token',
      'shopify_token',
      'stripe_webhook_secret',
      'encoded_private_key',
      'github_token',
      'npm_token',
      'slack_token',
    ])
      expect(kinds.has(k)).toBe(true);
  });
  it('every format kind has a sample and its near-miss twin', () => {
    const kinds = new Set(samples.map((s) => s.kind));
    expect(SECRET_PATTERNS.map((p) => p.kind).filter((k) => !kinds.has(k))).toEqual([]);
    const formats = new Set(samples.map((s) => s.format));
    const grouped = SECRET_PATTERNS.flatMap((p) => p.formats ?? []);
    expect(grouped.length).toBeGreaterThan(100);
    expect(grouped.filter((f) => !formats.has(f))).toEqual([]);
  });
  it('other samples seeds hold as well (no lucky body)', () => {
    for (const seed of [1, 2, 3, 99])
      for (const s of secretSamples(seed)) {
        expect(
          findSecrets(s.real).map((m) => m.kind),
          `${s.kind} seed ${seed}`,
        ).toContain(s.kind);
        expect(
          findSecrets(s.near).map((m) => m.kind),
          `${s.kind} near seed ${seed}`,
        ).not.toContain(s.kind);
      }
  });
});

describe('secret formats: properties', () => {
  const body = fc.string({
    unit: fc.constantFrom(...Array.from(ALNUM)),
    minLength: 30,
    maxLength: 30,
  });
  it('a checksummed token is found inside any text, and any one-character change is not', () => {
    fc.assert(
      fc.property(body, fc.string({ maxLength: 40 }), fc.nat(35), (b, pad, at) => {
        const t = checksummed('ghp', b);
        const text = `${pad} ${t} ${pad}`;
        const found = findSecrets(text).filter((m) => m.kind === 'github_token');
        expect(found.map((m) => text.slice(m.start, m.end))).toEqual([t]);
        const i = 4 + at;
        const c = t.charAt(i) === 'a' ? 'b' : 'a';
        const mutated = t.slice(0, i) + c + t.slice(i + 1);
        expect(findSecrets(mutated).filter((m) => m.kind === 'github_token')).toEqual([]);
      }),
      { numRuns: FC_RUNS },
    );
  });
  it('spans reported are exact substrings and never overlap the text bounds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.constantFrom(...samples), (pad, s) => {
        const text = `${pad}\n${s.real}\n${pad}`;
        for (const m of findSecrets(text)) expect(text.slice(m.start, m.end)).toBe(m.value);
      }),
      { numRuns: FC_RUNS },
    );
  });
});

describe('the one-pass screen in front of the formats', () => {
  const screen = secretScreen(SECRET_PATTERNS);
  const alone = SECRET_PATTERNS.map((p) => new RegExp(p.re.source, p.re.flags.replace('g', '')));
  const text = fc
    .tuple(
      fc.string({ maxLength: 60 }),
      fc.constantFrom(...samples.flatMap((s) => [s.real, s.near]), 'AKIA', 'Bearer x', ''),
      fc.constantFrom('', ' ', '"', '=', '\n', '_token: ', 'Authorization: '),
      fc.string({ maxLength: 60 }),
    )
    .map((parts) => parts.join(''));

  it('passes every text some format matches, so skipping the formats behind it loses nothing (property)', () => {
    let matched = 0;
    fc.assert(
      fc.property(text, (t) => {
        if (!alone.some((re) => re.test(t))) return;
        matched++;
        expect(screen(t)).toBe(true);
      }),
      { numRuns: FC_RUNS * 5 },
    );
    for (const s of samples) expect(screen(`value: ${s.real} end`), s.kind).toBe(true);
    expect(matched).toBeGreaterThan(FC_RUNS);
    expect(screen('npm test && git status')).toBe(false);
  });

  // the screen before texts were keyed by literals: every format's alternation, one per flag set
  const flagSets = [...new Set(SECRET_PATTERNS.map((p) => p.re.flags.replace(/[gy]/g, '')))];
  const whole = flagSets.map(
    (f) =>
      new RegExp(
        SECRET_PATTERNS.filter((p) => p.re.flags.replace(/[gy]/g, '') === f)
          .map((p) => `(?:${p.re.source})`)
          .join('|'),
        f,
      ),
  );
  const wholeScreen = (t: string) => whole.some((re) => re.test(t));

  it('answers as the whole alternation does, on the corpora and on generated texts (property)', () => {
    const strings = (v: unknown): string[] =>
      typeof v === 'string'
        ? [v]
        : typeof v === 'object' && v !== null
          ? Object.values(v).flatMap(strings)
          : [];
    const corpus = ['benign.jsonl', 'heldout-benign.jsonl', 'attacks.jsonl'].flatMap((f) =>
      readCorpus(new URL(`../../../test-vectors/guard/${f}`, import.meta.url).pathname).flatMap(
        (e) => strings(e.event),
      ),
    );
    let passed = 0;
    for (const t of corpus) {
      expect(screen(t), t.slice(0, 80)).toBe(wholeScreen(t));
      if (screen(t)) passed++;
    }
    expect(passed).toBeGreaterThan(10);
    expect(passed).toBeLessThan(corpus.length);
    fc.assert(
      fc.property(text, (t) => {
        expect(screen(t)).toBe(wholeScreen(t));
      }),
      { numRuns: FC_RUNS * 5 },
    );
  });

  it('keys a format only by literals every match of it holds (property)', () => {
    const keyed = SECRET_PATTERNS.flatMap((p) => {
      const ls = regexLiterals(p.re.source);
      return ls === null ? [] : [{ re: new RegExp(p.re.source, p.re.flags.replace('g', '')), ls }];
    });
    expect(keyed.length).toBeGreaterThan(SECRET_PATTERNS.length / 2);
    fc.assert(
      fc.property(text, (t) => {
        for (const k of keyed)
          if (k.re.test(t)) expect(k.ls.some((l) => foldAscii(t).includes(l))).toBe(true);
      }),
      { numRuns: FC_RUNS * 5 },
    );
    for (const s of samples)
      for (const k of keyed)
        if (k.re.test(`value: ${s.real} end`))
          expect(
            k.ls.some((l) => foldAscii(s.real).includes(l)),
            s.kind,
          ).toBe(true);
  });
});

describe("npm's .npmrc `_auth` (registry_auth, base64 of user:password)", () => {
  const b64 = (s: string): string => Buffer.from(s).toString('base64');
  const auth = b64('ci-bot:Vq8rT2mXk9LpZ4wN');
  const kinds = (text: string): string[] => findSecrets(text).map((m) => m.kind);

  it.each([
    `//registry.npmjs.org/:_auth=${auth}`,
    `_auth = "${auth}"`,
    `registry=https://npm.corp.example/\n_auth='${auth}'\nalways-auth=true`,
    `printf '_auth=${auth}\\n' >> ~/.npmrc`,
  ])('finds %s', (text) => {
    expect(kinds(text)).toContain('registry_auth');
  });

  it.each([
    // a placeholder password, no password, a longer key whose name only ends in _auth
    `_auth=${b64('user:password')}`,
    `_auth=${b64('just-a-user-name')}`,
    `my_auth=${auth}`,
    // the value runs on into more base64: not the whole token
    `_auth=${auth}QUJD+`,
  ])('leaves %s', (text) => {
    expect(kinds(text)).not.toContain('registry_auth');
  });

  it('finds exactly the value, and a guard decision on a write of it never shows it', async () => {
    const text = `//npm.corp.example/:_auth=${auth}\n`;
    const [m] = findSecrets(text).filter((x) => x.kind === 'registry_auth');
    expect(m && text.slice(m.start, m.end)).toBe(auth);
    const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
    const d = await guard.decide({
      phase: 'call',
      tool: 'Write',
      args: { file_path: '/work/app/.npmrc', content: text },
    });
    expect(d.verdict).not.toBe('allow');
    expect(JSON.stringify(d)).not.toContain(auth);
  });
});
