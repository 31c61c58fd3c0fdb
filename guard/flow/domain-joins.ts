// Flow and taint: a value split over the names of several lookups of one domain, read back whole
// (docs/guard.md "Flow and taint"). `dig 79fb….a.sink.example; dig 13cb….b.sink.example` carries
// one value in two queries; each name alone holds too little of it to match. The names under one
// domain (its last two labels) are joined in the order they are written, in the order of their
// sequence labels (`a`/`b`, `0`/`1`, `p2`), and reversed, so a shuffled split is whole again too.
import { hostNames } from './host-names.js';

/** A label short enough to number a piece rather than carry one. */
const SEQUENCE = /^[a-z0-9]{1,3}$|^[a-z]{0,4}[0-9]{1,3}$/;
/** Most names read from one text; most names joined under one domain. */
const MAX_NAMES = 512;
const MAX_GROUP = 64;

interface Piece {
  data: string;
  seq: string;
}

/** A name's data (its longest label before the domain) and its sequence key (the other labels). */
function piece(labels: readonly string[]): Piece {
  let best = 0;
  labels.forEach((l, i) => {
    if (l.length > (labels[best] ?? '').length) best = i;
  });
  const rest = labels.filter((_, i) => i !== best);
  return {
    data: labels[best] ?? '',
    seq: rest.every((l) => SEQUENCE.test(l)) ? rest.join('.') : '',
  };
}

function bySequence(a: Piece, b: Piece): number {
  const na = Number(a.seq.replace(/^[a-z]*/, ''));
  const nb = Number(b.seq.replace(/^[a-z]*/, ''));
  if (/[0-9]$/.test(a.seq) && /[0-9]$/.test(b.seq) && na !== nb) return na - nb;
  return a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0;
}

/**
 * The pieces of each domain reached by two or more names in `text`, joined lower-cased (DNS folds
 * case) and `\0`-separated, or null when no domain is reached twice. `names` may be given: the
 * text's names of three labels or more (`hostNames(text, 2, n)`, n at least 512).
 */
export function domainJoins(text: string, names?: readonly string[]): string | null {
  if (!text.includes('.')) return null;
  const groups = new Map<string, string[][]>();
  // names of at least three labels: data rides in all but the last two
  for (const name of (names ?? hostNames(text, 2, MAX_NAMES)).slice(0, MAX_NAMES)) {
    const labels = name.toLowerCase().split('.');
    const domain = labels.slice(-2).join('.');
    const group = groups.get(domain) ?? [];
    if (group.length < MAX_GROUP) group.push(labels.slice(0, -2));
    groups.set(domain, group);
  }
  const out: string[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const pieces = group.map(piece);
    const join = (ps: readonly Piece[]): string => ps.map((p) => p.data).join('');
    out.push(group.map((l) => l.join('')).join(''), join(pieces), join([...pieces].reverse()));
    if (pieces.every((p) => p.seq !== '')) out.push(join([...pieces].sort(bySequence)));
  }
  const joined = [...new Set(out)].filter((p) => p.length >= 12);
  return joined.length === 0 ? null : joined.join('\u0000');
}
