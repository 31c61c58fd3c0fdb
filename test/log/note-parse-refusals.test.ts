// C2SP signed-note and tlog-checkpoint parsing (log/note.ts, log/checkpoint.ts): each malformed
// input an attacker can send is refused with its coded NoteError, and parseNote/formatNote round-trip.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCheckpoint,
  formatNote,
  parseCheckpoint,
  parseNote,
  signNote,
  signatureLine,
} from '../../log/index.js';
import { FC_RUNS } from '../support/env.js';
import { logKey } from './helpers.js';

const log = logKey('example.com/note-refusals');
const line = signatureLine(log.origin, 1, new Uint8Array(64).fill(3));

const refusedWith = (f: () => unknown, code: string, message: RegExp) => {
  expect(f).toThrow(message);
  expect(f).toThrow(expect.objectContaining({ code }) as Error);
};

describe('parseNote refusals', () => {
  it('bytes that are not UTF-8, control characters, too many signatures, a bad key name', () => {
    const bad = Uint8Array.from([0x61, 0x0a, 0x0a, 0xff, 0xfe, 0x0a]);
    refusedWith(() => parseNote(bad), 'malformed_note', /not valid UTF-8/);
    refusedWith(() => parseNote(`a\u0007b\n\n${line}\n`), 'malformed_note', /control character/);
    const many = `text\n\n${Array.from({ length: 3 }, () => line).join('\n')}\n`;
    refusedWith(
      () => parseNote(many, { maxBytes: 1 << 16, maxSignatures: 2 }),
      'malformed_note',
      /too many signatures/,
    );
    const badName = line.replace(log.origin, 'bad+name');
    refusedWith(() => parseNote(`text\n\n${badName}\n`), 'malformed_note', /malformed key name/);
  });

  it('signNote refuses a text with a control character', () => {
    refusedWith(() => signNote('a\u0001b\n', [log.signer]), 'malformed_note', /control character/);
  });

  it('formatNote inverts parseNote (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9 ./]{1,30}$/), { minLength: 1, maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 0xffffffff }), { minLength: 1, maxLength: 4 }),
        (textLines, ids) => {
          const text = textLines.map((l) => `${l}\n`).join('');
          const sigs = ids.map((id) =>
            signatureLine(log.origin, id, new Uint8Array(8).fill(id & 0xff)),
          );
          const note = `${text}\n${sigs.map((s) => `${s}\n`).join('')}`;
          const parsed = parseNote(note);
          expect(parsed.text).toBe(text);
          expect(parsed.signatures.map((s) => s.keyId)).toEqual(ids);
          expect(formatNote(parsed)).toBe(note);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });
});

describe('checkpoint refusals', () => {
  const root = new Uint8Array(32);
  it('parseCheckpoint: missing lines and a root that is not 32 bytes', () => {
    refusedWith(
      () => parseCheckpoint('origin\n5\n'),
      'malformed_checkpoint',
      /origin, size and root/,
    );
    refusedWith(
      () => parseCheckpoint('origin\n5\nAAAA\n'),
      'malformed_checkpoint',
      /root hash is not 32 bytes/,
    );
  });
  it('formatCheckpoint: an origin or an extension that is not one non-empty line', () => {
    refusedWith(
      () => formatCheckpoint({ origin: 'a\nb', size: 1, root, extensions: [] }),
      'malformed_checkpoint',
      /origin must be one non-empty line/,
    );
    refusedWith(
      () => formatCheckpoint({ origin: 'a', size: 1, root, extensions: [''] }),
      'malformed_checkpoint',
      /extension lines must be non-empty single lines/,
    );
    const text = formatCheckpoint({ origin: 'a', size: 7, root, extensions: ['x'] });
    expect(parseCheckpoint(text)).toEqual({ origin: 'a', size: 7, root, extensions: ['x'] });
  });
});
