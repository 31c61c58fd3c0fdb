import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../node/log/logger.js';
import { maskSecret } from '../../node/log/redact.js';
import { FC_RUNS } from '../support/env.js';

describe('logger never prints secrets', () => {
  it('masks fields named like secrets, nested too, and byte buffers', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'debug', write: (l) => lines.push(l) });
    const secret = 'ghp_' + 'A'.repeat(36);
    log.info('x', {
      token: secret,
      nested: { apiKey: secret, password: secret },
      raw: Buffer.from(secret),
    });
    const out = lines.join('');
    expect(out).not.toContain(secret);
    expect(out).toContain(maskSecret(secret));
  });

  it('property: no secret-named field value ever appears in the line', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          'secret',
          'token',
          'password',
          'privateKey',
          'authorization',
          'api_key',
          'key',
        ),
        fc.string({ minLength: 1 }),
        (name, tail) => {
          const value = 'S3CR3T:' + tail;
          const lines: string[] = [];
          createLogger({ level: 'info', write: (l) => lines.push(l) }).info('m', { [name]: value });
          return !lines.join('').includes(JSON.stringify(value).slice(1, -1));
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('respects the level', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'warn', write: (l) => lines.push(l) });
    log.info('hidden');
    log.warn('shown');
    expect(lines).toHaveLength(1);
  });
});
