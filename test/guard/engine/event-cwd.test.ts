// The working folder of an event: POSIX, Windows drive and UNC absolute paths are accepted; relative
// ones, drive-relative ones (`C:src`) and NUL bytes are refused.
import { describe, expect, it } from 'vitest';
import { parseEvent } from '../../../guard/event.js';

const withCwd = (cwd: string) => () =>
  parseEvent({ phase: 'call', tool: 'Bash', args: { command: 'ls' }, cwd });

describe('event cwd', () => {
  it.each([
    '/home/dev/app',
    'C:\\Users\\dev\\src\\Acme.Api',
    'd:/src/app',
    '\\\\build01\\share\\app',
  ])('accepts %s', (cwd) => {
    expect(withCwd(cwd)().cwd).toBe(cwd);
  });

  it.each(['src/app', 'C:src', '\\\\server', '..\\app', '/home/dev\0/x', 'x'.repeat(10)])(
    'refuses %s',
    (cwd) => {
      expect(withCwd(cwd)).toThrow(/absolute path/);
    },
  );
});
