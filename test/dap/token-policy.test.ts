// The `issuer` field of a task file (docs/dap.md "Report tokens"): each malformed field is refused
// with task_invalid naming it, and a good one reads back through tokenPolicyJson unchanged.
import { describe, expect, it } from 'vitest';
import { parseTokenPolicy, tokenPolicyJson } from '../../dap/privacy-pass/policy.js';

const good = {
  url: 'https://issuer.example/issuer/',
  public_key: 'ab'.repeat(32),
  window_seconds: 3600,
};

describe('parseTokenPolicy', () => {
  it('refuses each malformed field with task_invalid', () => {
    const refusals: [unknown, RegExp][] = [
      [null, /must be an object/],
      [{ ...good, url: 7 }, /url missing/],
      [{ ...good, url: 'not a url' }, /url is not a URL/],
      [{ ...good, url: 'https://issuer.example/issuer' }, /url must end with \//],
      [{ ...good, public_key: 'AB'.repeat(32) }, /public_key must be 32 bytes of lowercase hex/],
      [{ ...good, public_key: 'ab'.repeat(31) }, /public_key must be 32 bytes/],
      [{ ...good, window_seconds: 0 }, /window_seconds must be a positive integer/],
      [{ ...good, window_seconds: 2 ** 32 }, /window_seconds must be a positive integer/],
      [{ ...good, window_seconds: 90 }, /multiple of time_precision/],
    ];
    for (const [v, message] of refusals) {
      expect(() => parseTokenPolicy(v, 60)).toThrow(message);
      expect(() => parseTokenPolicy(v, 60)).toThrow(
        expect.objectContaining({ code: 'task_invalid' }) as Error,
      );
    }
  });

  it('reads a good field and writes it back unchanged', () => {
    const p = parseTokenPolicy(good, 60);
    expect(p.name).toBe('issuer.example');
    expect(p.publicKey).toHaveLength(32);
    expect(tokenPolicyJson(p)).toEqual(good);
  });
});
