import { describe, expect, it } from 'vitest';
import { GuardError } from '../../../guard/errors.js';
import { DEFAULT_EVENT_LIMITS, parseEvent } from '../../../guard/event.js';
import { getField, parseFieldPath } from '../../../guard/rules/field.js';

/** The code and path parseEvent refuses `input` with. */
function refusal(input: unknown, limits = DEFAULT_EVENT_LIMITS): [string, string | undefined] {
  try {
    parseEvent(input, limits);
  } catch (e) {
    if (e instanceof GuardError) return [e.code, e.path];
    throw e;
  }
  throw new Error('the event was accepted');
}

describe('event decoding bounds', () => {
  const call = (args: unknown, result?: unknown) => ({
    phase: 'call',
    tool: 'Bash',
    args,
    ...(result === undefined ? {} : { result }),
  });

  it('names the path of the value past a bound, through objects and arrays', () => {
    const limits = { ...DEFAULT_EVENT_LIMITS, maxString: 4, maxDepth: 4 };
    expect(refusal(call({ a: { b: ['ok', 'too long'] } }), limits)).toEqual([
      'event_too_large',
      'args.a.b[1]',
    ]);
    expect(refusal(call({ a: [[[['x']]]] }), limits)).toEqual(['event_too_large', 'args.a[0][0]']);
    expect(refusal(call({}, { items: [{ text: 'far too long' }] }), limits)).toEqual([
      'event_too_large',
      'result.items[0].text',
    ]);
    expect(refusal(call({ n: 1, f: () => 1 }))).toEqual(['event_invalid', 'args.f']);
  });

  it('counts every value against the node budget, keys and array items alike', () => {
    const limits = { ...DEFAULT_EVENT_LIMITS, maxNodes: 4 };
    // args itself, then a, b, c: the fifth value (d) is one too many
    expect(parseEvent(call({ a: 1, b: [true] }), limits).args).toEqual({ a: 1, b: [true] });
    expect(refusal(call({ a: 1, b: [true, null], d: 'x' }), limits)).toEqual([
      'event_too_large',
      'args.b[1]',
    ]);
  });

  it('reads only own keys, in insertion order', () => {
    const proto = { inherited: 'x'.repeat(10) };
    const args = Object.assign(Object.create(proto) as object, { own: 'y' });
    const limits = { ...DEFAULT_EVENT_LIMITS, maxString: 4 };
    expect(parseEvent(call(args), limits).args).toBe(args);
  });
});

describe('field paths', () => {
  it('shares one frozen parse per text and refuses the same text every time', () => {
    const a = parseFieldPath('args.command');
    expect(a).toEqual(['args', 'command']);
    expect(parseFieldPath('args.command')).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(parseFieldPath('nope.command')).toBeNull();
    expect(parseFieldPath('nope.command')).toBeNull();
    expect(parseFieldPath('args..x')).toBeNull();
    const event = parseEvent({ phase: 'call', tool: 'Bash', args: { command: 'ls' } });
    expect(a === null ? undefined : getField(event, a)).toBe('ls');
  });
});

describe('event shape', () => {
  it('gives every event the same keys in the same order, absent fields undefined', () => {
    const bare = parseEvent({ phase: 'call', tool: 'Bash', args: { command: 'ls' } });
    const full = parseEvent({
      origins: ['web:https://x.test'],
      cwd: '/home/dev',
      principal: 'p',
      session: 's',
      result: 'out',
      args: {},
      tool: 'Read',
      phase: 'result',
    });
    const keys = ['phase', 'tool', 'args', 'result', 'session', 'principal', 'cwd', 'origins'];
    expect(Object.keys(bare)).toEqual(keys);
    expect(Object.keys(full)).toEqual(keys);
    expect(bare.session).toBeUndefined();
    expect(bare.cwd).toBeUndefined();
    expect(full).toMatchObject({ session: 's', principal: 'p', cwd: '/home/dev', result: 'out' });
    expect(full.origins).toEqual(['web:https://x.test']);
    // null stands for absent, as before
    expect(parseEvent({ phase: 'call', tool: 'T', args: {}, cwd: null }).cwd).toBeUndefined();
  });
});
