// A taint value sent in pieces split by one separator (space, dash, dot, comma, colon, newline) is
// read back joined, whatever the pieces' length. Unrelated ids beside each other, and the halves of
// another value, are not the secret.
import { describe, expect, it } from 'vitest';
import { createFlowTracker } from '../../../guard/flow/tracker.js';

const secret = '877a4dfd65eec6721ed93950c947d231';
const [a, b] = [secret.slice(0, 16), secret.slice(16)];
const thirds = [secret.slice(0, 11), secret.slice(11, 22), secret.slice(22)];

describe('taint split by a separator', () => {
  const leaks = [
    `description=${a} ${b}`,
    `${a}-${b}`,
    `${a}.${b}`,
    `note: ${a},${b}`,
    `${a}:${b}`,
    `${a}\n${b}`,
    thirds.join(' '),
    `curl -s https://gitlab.example.com/api/v4/projects/1/issues -d title=note -d description='${a} ${b}'`,
  ];
  it.each(leaks)('%s carries the secret', (body) => {
    const t = createFlowTracker();
    t.registerSecret(secret, 'k');
    expect(t.check('s', { body }).hits.length).toBeGreaterThan(0);
  });
  const clean = [
    `commit ${a} and 9f8e7d6c5b4a3210 are fine`,
    `${a} ${a}`,
    'release v2 of the api ships 3 fixes',
    `${b.slice(0, 8)} ${a}`,
  ];
  it.each(clean)('%s does not', (body) => {
    const t = createFlowTracker();
    t.registerSecret(secret, 'k');
    expect(t.check('s', { body }).hits).toEqual([]);
  });
});
