// A labelled corpus (JSONL): one event per line with its label, attack family and near-miss flag.
import { readFileSync, statSync } from 'node:fs';
import { PackError } from '../errors.js';

export interface CorpusEntry {
  id: string;
  label: 'benign' | 'attack';
  /** Attack family (attacks) or the kind of traffic (benign). */
  family: string;
  /** A benign event built to look like an attack: the safe twin of a dangerous command. */
  near_miss: boolean;
  event: unknown;
}

/**
 * Rows of this family set up a later row (a credential read that a `flow` row then leaks, in the
 * same `session`): they are evaluated in order but counted in no rate.
 */
export const SETUP_FAMILY = 'flow-source';

export const MAX_CORPUS_BYTES = 64 * 1024 * 1024;
export const MAX_CORPUS_LINES = 200_000;

/**
 * A row's `session` is its event's session unless the event names one: rows of one session share
 * taint and counters, and a set-up read does not taint the rows of other sessions.
 */
function inSession(event: Record<string, unknown>, session: string | undefined): unknown {
  return session === undefined || 'session' in event ? event : { ...event, session };
}

/** Parses corpus text. This value is attacker-controlled when the corpus came with a pack. */
export function parseCorpus(text: string, origin: string): CorpusEntry[] {
  const out: CorpusEntry[] = [];
  const ids = new Set<string>();
  const lines = text.split('\n');
  if (lines.length > MAX_CORPUS_LINES)
    throw new PackError('corpus_invalid', `${origin}: more than ${MAX_CORPUS_LINES} lines`);
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const at = `${origin}:${i + 1}`;
    let doc: unknown;
    try {
      doc = JSON.parse(line);
    } catch (e) {
      throw new PackError(
        'corpus_invalid',
        `${at}: not JSON (${(e as Error).message})`,
        undefined,
        { cause: e },
      );
    }
    if (typeof doc !== 'object' || doc === null)
      throw new PackError('corpus_invalid', `${at}: not an object`);
    const d = doc as Record<string, unknown>;
    if (typeof d.id !== 'string' || d.id.length === 0 || ids.has(d.id))
      throw new PackError('corpus_invalid', `${at}: missing or duplicate "id"`);
    if (d.label !== 'benign' && d.label !== 'attack')
      throw new PackError('corpus_invalid', `${at}: "label" must be benign or attack`);
    if (typeof d.family !== 'string' || d.family.length === 0)
      throw new PackError('corpus_invalid', `${at}: missing "family"`);
    if (typeof d.event !== 'object' || d.event === null)
      throw new PackError('corpus_invalid', `${at}: missing "event"`);
    if (d.session !== undefined && (typeof d.session !== 'string' || d.session.length > 256))
      throw new PackError(
        'corpus_invalid',
        `${at}: "session" must be a string of at most 256 characters`,
      );
    ids.add(d.id);
    out.push({
      id: d.id,
      label: d.label,
      family: d.family,
      near_miss: d.near_miss === true,
      event: inSession(d.event as Record<string, unknown>, d.session),
    });
  });
  return out;
}

export function readCorpus(path: string): CorpusEntry[] {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    throw new PackError(
      'corpus_invalid',
      `no corpus at ${path}`,
      'give a JSONL file, one {"id","label","family","event"} per line',
    );
  }
  if (size > MAX_CORPUS_BYTES)
    throw new PackError('corpus_invalid', `${path}: larger than ${MAX_CORPUS_BYTES} bytes`);
  return parseCorpus(readFileSync(path, 'utf8'), path);
}
