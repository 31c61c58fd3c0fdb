// `prompt_injection`: instructions smuggled into tool results; "block" reports, "sanitize" removes
// each whole instruction span (its paragraph, or the hidden comment holding it) and invisible
// characters, and keeps everything else. Detection runs on normalised text (injection-normalize.ts).
import { eachString } from '../rules/field.js';
import type { Detector, Finding } from './detector.js';
import {
  HIDDEN_SPANS,
  hasInvisible,
  normalizeForDetection,
  smuggledTagText,
} from './injection-normalize.js';
import { HIDDEN_SIGNATURES, SIGNATURES } from './injection-signatures.js';
import { checkKeys, enumParam } from './params.js';

const REMOVED = '[removed by interlock-mesh: possible prompt injection]';
/** Instruction files and documentation: their visible text is the project's, quoted phrases are quotes. */
const PROJECT_DOC =
  /(?:^|\/)(?:AGENTS|CLAUDE|GEMINI|CONTRIBUTING|SECURITY|CHANGELOG|CHANGES|HISTORY|README)(?:\.[a-z]+)?$|(?:^|\/)docs?\/|\.(?:md|mdx|rst|txt|adoc)$/i;
/** Third-party files inside a project (dependencies, vendored code): not the project's own docs. */
const THIRD_PARTY = /(?:^|\/)(?:node_modules|vendor|third_party|site-packages|\.cargo\/registry)\//;
/** Quoted material in a document: fenced and inline code, and double-quoted phrases. */
const QUOTED = /```[\s\S]{0,20000}?```|`[^`\n]{1,500}`|"[^"\n]{1,300}"|“[^”\n]{1,300}”/g;
/** A sentence that discusses attacks: a phrase it quotes is an example, not an instruction. */
const DISCUSSES =
  /\b(?:attack(?:er|ers|s)?|injections?|e\.g\.|such\s+as|for\s+example|phrases?\s+like|payloads?|malicious|adversar(?:y|ial))\b/i;
const QUOTED_PHRASE =
  /"[^"\n]{1,300}"|“[^”\n]{1,300}”|'[^'\n]{1,300}'|‘[^’\n]{1,300}’|`[^`\n]{1,300}`/g;

/** Quoted phrases removed from the sentences that discuss attacks (security pages, advisories). */
function withoutDiscussedQuotes(text: string): string {
  if (!DISCUSSES.test(text)) return text;
  return text.replace(/[^.!?\n]*(?:[.!?]+|\n|$)/g, (sentence) =>
    DISCUSSES.test(sentence) ? sentence.replace(QUOTED_PHRASE, '""') : sentence,
  );
}

/** Signatures an instruction file's own visible text legitimately matches: it addresses the agent. */
const ADDRESSES_AGENT = new Set(['addressed_to_assistant', 'fake_system', 'reveal_prompt']);

interface InjectionParams {
  mode: 'block' | 'sanitize';
}

/** Names of the signatures in `text` (normalised first). This text is attacker-controlled. */
export function injectionSignatures(text: string, opts: { projectDoc?: boolean } = {}): string[] {
  // Folded for Latin-script signatures, unfolded for the others (folding mangles Cyrillic words).
  const forms = [normalizeForDetection(text), normalizeForDetection(text, false)];
  const smuggled = smuggledTagText(text);
  const hidden = [
    ...forms.flatMap((f) => [...f.matchAll(HIDDEN_SPANS)].map((m) => m[0])),
    ...(smuggled === '' ? [] : [smuggled]),
  ];
  const doc = opts.projectDoc === true;
  const visible = forms.map((f) =>
    doc ? f.replace(HIDDEN_SPANS, '').replace(QUOTED, '') : withoutDiscussedQuotes(f),
  );
  const names = SIGNATURES.filter(
    (s) =>
      ((!doc || !ADDRESSES_AGENT.has(s.name)) && visible.some((v) => s.re.test(v))) ||
      hidden.some((h) => s.re.test(h)),
  ).map((s) => s.name);
  for (const s of HIDDEN_SIGNATURES) if (hidden.some((h) => s.re.test(h))) names.push(s.name);
  // A stray tag or two is noise to strip; words hidden in tags are an instruction's hiding place.
  if (smuggled.replace(/\s/g, '').length >= 3) names.push('tag_smuggled_text');
  if (names.length > 0 && hasInvisible(text)) names.push('invisible_characters');
  return names;
}

const hit = (t: string, projectDoc: boolean): boolean =>
  injectionSignatures(t, { projectDoc }).length > 0;

/**
 * One paragraph's instruction spans removed: from the last line that starts a span holding a
 * signature to the paragraph's end (an instruction runs on into the lines after its trigger), then
 * again on what is left before it. Lines before a span are kept byte for byte.
 */
function sanitizeParagraph(part: string, projectDoc: boolean): string {
  let lines = part.split('\n');
  let tail = '';
  for (let round = 0; round < 64 && hit(lines.join('\n'), projectDoc); round++) {
    let start = lines.length - 1;
    while (start > 0 && !hit(lines.slice(start).join('\n'), projectDoc)) start--;
    tail = tail === '' ? REMOVED : tail;
    lines = lines.slice(0, start);
  }
  return tail === '' ? part : [...lines, tail].join('\n');
}

/**
 * Removes each instruction span whole: a hidden comment holding one, else the span of its paragraph
 * (text between blank lines) from the instruction on; other text is kept, invisibles stripped.
 */
export function sanitize(text: string, opts: { projectDoc?: boolean } = {}): string {
  const projectDoc = opts.projectDoc === true;
  const noHidden = text.replace(HIDDEN_SPANS, (h) => (hit(h, false) ? REMOVED : h));
  const out = noHidden
    .split(/(\n[ \t]*\n)/)
    .map((part, i) => (i % 2 === 0 ? sanitizeParagraph(part, projectDoc) : part))
    .join('');
  const clean = hit(out, projectDoc) ? REMOVED : out;
  return hasInvisible(clean) ? normalizeInvisibles(clean) : clean;
}

function normalizeInvisibles(text: string): string {
  return text.replace(
    /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/gu,
    '',
  );
}

function isProjectDoc(args: Record<string, unknown>): boolean {
  const p = args.file_path ?? args.path ?? args.notebook_path;
  return typeof p === 'string' && PROJECT_DOC.test(p) && !THIRD_PARTY.test(p);
}

export const promptInjectionDetector: Detector<InjectionParams> = {
  name: 'prompt_injection',
  rewrites: (p) => p.mode === 'sanitize',
  parseParams(params, path) {
    const p = checkKeys(params, ['mode'], path);
    return { mode: enumParam(p, 'mode', ['block', 'sanitize'], 'block', path) };
  },
  scan(value, path, ctx, params) {
    const projectDoc = isProjectDoc(ctx.event.args);
    const findings: Finding[] = [];
    eachString(value, path, (s, at) => {
      const sigs = injectionSignatures(s, { projectDoc });
      if (sigs.length === 0) return;
      const f: Finding = { path: at, reason: `injection signature ${sigs.join(', ')}` };
      if (params.mode === 'sanitize') f.rewrite = sanitize(s, { projectDoc });
      findings.push(f);
    });
    return findings;
  },
};
