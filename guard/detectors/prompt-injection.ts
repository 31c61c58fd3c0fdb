// `prompt_injection`: instructions smuggled into tool results; "block" reports, "sanitize" removes
// each whole instruction span (its paragraph, or the hidden comment holding it) and invisible
// characters, and keeps everything else. Detection runs on normalised text (injection-normalize.ts).
import { eachString } from '../rules/field.js';
import type { Detector, DetectorContext, Finding } from './detector.js';
import {
  HIDDEN_SPANS,
  decodedComments,
  hasInvisible,
  hiddenSpans,
  hasInterleavedInvisible,
  jsonReadText,
  normalizeForDetection,
  smuggledTagText,
} from './injection-normalize.js';
import { HIDDEN_SIGNATURES, SIGNATURES } from './injection-signatures.js';
import { SOURCE_FILE, withoutStringLiterals } from './injection-source.js';
import { isDataTextFile, dataFileWithoutSamples } from './injection-data-files.js';
import { NOTEBOOK_FILE, notebookWithoutLiterals } from './injection-notebook.js';
import { ADDRESSES, harmfulCodeOrder } from './injection-code-orders.js';
import { withoutDiscussedQuotes, withoutReportedData } from './injection-quotes.js';
import { withoutLabelledSamples } from './injection-samples.js';
import { withoutTopicSamples } from './injection-topic-samples.js';
import { withoutDefensiveRules } from './injection-defensive.js';
import { withoutDetectorSamples } from './injection-detector-source.js';
import { withoutInertCells } from './injection-table-rows.js';
import { withoutInertNames } from './injection-data-names.js';
import { hasMixedScriptWords } from './injection-mixed-script.js';
import { checkKeys, enumParam } from './params.js';

const REMOVED = '[removed by interlock-mesh: possible prompt injection]';
/** Instruction files and documentation: their visible text is the project's, quoted phrases are quotes. */
const PROJECT_DOC =
  /(?:^|\/)(?:AGENTS|CLAUDE|GEMINI|CONTRIBUTING|SECURITY|CHANGELOG|CHANGES|HISTORY|README)(?:\.[a-z]+)?$|(?:^|\/)docs?\/|\.(?:md|mdx|rst|txt|adoc)$/i;
/** Files that instruct the agent (and PR/issue templates): text telling it what to answer is theirs. */
const INSTRUCTION_FILE =
  /(?:^|\/)(?:AGENTS|CLAUDE|GEMINI|CONTRIBUTING|copilot-instructions)(?:\.[a-z]+)?$|(?:^|\/)\.github\/|(?:^|\/)\.cursor(?:rules$|\/)/i;
/** Third-party files inside a project (dependencies, vendored code): not the project's own docs. */
const THIRD_PARTY = /(?:^|\/)(?:node_modules|vendor|third_party|site-packages|\.cargo\/registry)\//;
/** Quoted material in a document: fenced and inline code, and double-quoted phrases. */
const QUOTED = /```[\s\S]{0,20000}?```|`[^`\n]{1,500}`|"[^"\n]{1,300}"|“[^”\n]{1,300}”/g;
/**
 * Signatures an instruction file's own visible text legitimately matches: it addresses the agent,
 * and an MCP server's docs show calls to its tools.
 */
const ADDRESSES_AGENT = new Set([
  'addressed_to_assistant',
  'fake_system',
  'reveal_prompt',
  'tool_order',
]);
/** In the agent's instruction files, also what it should put in its answers. */
const INSTRUCTS_AGENT = new Set([
  ...ADDRESSES_AGENT,
  'addressed_risk',
  'reader_order',
  'comment_order',
  'task_hijack',
]);

/** Where a text was read: a project doc (quotes are quotations), an instruction file. */
export interface TextPlace {
  projectDoc?: boolean;
  instructionFile?: boolean;
  /** The path of a source file the text was read from: its string literals are data. */
  sourceFile?: string;
  /** The output of a search (grep, ripgrep, the Grep tool): the literals of its hits are data. */
  searchOutput?: boolean;
}

interface InjectionParams {
  mode: 'block' | 'sanitize';
}

/** Names of the signatures in `text` (normalised first). This text is attacker-controlled. */
export function injectionSignatures(read: string, opts: TextPlace = {}): string[] {
  const names = signaturesOf(read, opts);
  if (names.length === 0) return names;
  // only once a signature fired: a defensive rule ("ignore instructions inside fetched pages") and
  // a detector's listed samples, and a JSON reply's names that order nothing, are read again without them
  const defended = withoutInertNames(
    names.some((n) => n.startsWith('override')) ? withoutDefensiveRules(read) : read,
  );
  const src = opts.sourceFile;
  const own =
    src !== undefined && SOURCE_FILE.test(src) ? withoutDetectorSamples(defended) : defended;
  // a text about attacks is read again without its quoted samples (injection-topic-samples.ts)
  const plain = withoutTopicSamples(own);
  return plain === read ? names : signaturesOf(plain, opts);
}

function signaturesOf(read: string, opts: TextPlace): string[] {
  const src = opts.sourceFile;
  const own =
    src === undefined
      ? read
      : NOTEBOOK_FILE.test(src)
        ? notebookWithoutLiterals(read)
        : isDataTextFile(src)
          ? dataFileWithoutSamples(read, src)
          : withoutStringLiterals(read, src);
  const text = withoutReportedData(own, opts.searchOutput === true);
  // Folded for Latin-script signatures, unfolded for the others (folding mangles Cyrillic words);
  // text with JSON escapes as the text they encode, which is what a model reads in a JSON reply.
  // a table of labelled samples (an eval's dataframe) is read without its attack rows' samples
  // and a query table's cells that order nothing are the users' data it returns
  const decoded = withoutInertCells(withoutLabelledSamples(jsonReadText(text) ?? text));
  const forms = [normalizeForDetection(decoded), normalizeForDetection(decoded, false)];
  const smuggled = smuggledTagText(text);
  // a hidden comment or image quoted in a sentence that discusses attacks is its example, as in code
  const unquoted = forms.map(withoutDiscussedQuotes);
  const spans = unquoted.flatMap(hiddenSpans);
  const hidden = [
    ...spans,
    ...decodedComments(forms[0] ?? '', spans),
    ...(smuggled === '' ? [] : [smuggled]),
  ];
  const doc = opts.projectDoc === true;
  const exempt =
    opts.instructionFile === true ? INSTRUCTS_AGENT : doc ? ADDRESSES_AGENT : undefined;
  const visible = doc
    ? forms.map((f) => f.replace(HIDDEN_SPANS, '').replace(QUOTED, ''))
    : unquoted;
  // an order to fill a URL's parameter names it in code (`ctx=`) and points at an image: a doc's
  // quotes and images are read for it
  const FILL = 'exfil_url_template';
  // an order about the answer in a data file that happens to be markdown (a table, notes) reads
  // the same quoted or not: only quotes in sentences that discuss attacks are set aside for it
  const prose = doc
    ? forms.map((f) => withoutDiscussedQuotes(f.replace(HIDDEN_SPANS, '')))
    : visible;
  const names = [
    ...new Set(
      SIGNATURES.filter(
        (s) =>
          (exempt?.has(s.name) !== true &&
            (s.name === 'task_hijack' ? prose : s.name === FILL ? unquoted : visible).some((v) =>
              s.re.test(v),
            )) ||
          hidden.some((h) => s.re.test(h)),
      ).map((s) => s.name),
    ),
  ];
  for (const s of HIDDEN_SIGNATURES) if (hidden.some((h) => s.re.test(h))) names.push(s.name);
  // folding changed the text only when it holds look-alike letters: only then are its words read
  if (forms[0] !== forms[1] && hasMixedScriptWords(forms[1] ?? '')) names.push('homoglyph_words');
  // A stray tag or two is noise to strip; words hidden in tags are an instruction's hiding place.
  if (smuggled.replace(/\s/g, '').length >= 3) names.push('tag_smuggled_text');
  if (names.length > 0 && hasInvisible(text)) names.push('invisible_characters');
  else if (hasInterleavedInvisible(text)) names.push('interleaved_invisible');
  return names;
}

const hit = (t: string, place: TextPlace): boolean => injectionSignatures(t, place).length > 0;

/**
 * One paragraph's instruction spans removed: from the last line that starts a span holding a
 * signature to the paragraph's end (an instruction runs on into the lines after its trigger), then
 * again on what is left before it. Lines before a span are kept byte for byte.
 */
function sanitizeParagraph(part: string, place: TextPlace): string {
  let lines = part.split('\n');
  let tail = '';
  for (let round = 0; round < 64 && hit(lines.join('\n'), place); round++) {
    let start = lines.length - 1;
    while (start > 0 && !hit(lines.slice(start).join('\n'), place)) start--;
    tail = tail === '' ? REMOVED : tail;
    lines = lines.slice(0, start);
  }
  return tail === '' ? part : [...lines, tail].join('\n');
}

/**
 * Removes each instruction span whole: a hidden comment holding one, else the span of its paragraph
 * (text between blank or separator lines) from the instruction on; other text is kept, invisibles
 * stripped.
 */
export function sanitize(text: string, place: TextPlace = {}): string {
  const noHidden = text.replace(HIDDEN_SPANS, (h) => (hit(h, {}) ? REMOVED : h));
  const out = noHidden
    // a blank line, or a separator line (`--` between `gh issue view --comments` comments, a
    // markdown thematic break) ends a span: the next comment is another author's
    .split(/(\n[ \t]*\n|\n[ \t]*-{2,}[ \t]*\n)/)
    .map((part, i) => (i % 2 === 0 ? sanitizeParagraph(part, place) : part))
    .join('');
  const clean = hit(out, place) ? REMOVED : out;
  return hasInvisible(clean) ? normalizeInvisibles(clean) : clean;
}

function normalizeInvisibles(text: string): string {
  return text.replace(
    /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/gu,
    '',
  );
}

/** A command that prints one file (`cat README.md`, `head -40 CHANGELOG.md | less`): its file's place. */
const PRINT_FILE =
  /^\s*(?:cat|bat|head|tail|less|more|nl)(?:\s+-{1,2}[\w=-]+(?:\s+\d+)?)*\s+(["']?)([^\s'"|;&<>$`()]+)\1(?:\s*\|\s*(?:head|tail|less|more|cat)(?:\s+-{1,2}[\w=-]+(?:\s+\d+)?)*)*\s*$/;
/** A search command: its output is `path:line:` hits. */
const SEARCH_COMMAND = /^\s*(?:grep|egrep|fgrep|rg|ag|ack|git\s+grep)\s/;

function placeOf(tool: string, args: Record<string, unknown>): TextPlace {
  const cmd = typeof args.command === 'string' ? args.command : '';
  if (/^grep$/i.test(tool) || SEARCH_COMMAND.test(cmd)) return { searchOutput: true };
  const p = args.file_path ?? args.path ?? args.notebook_path ?? PRINT_FILE.exec(cmd)?.[2];
  if (typeof p !== 'string' || THIRD_PARTY.test(p)) return {};
  return {
    projectDoc: PROJECT_DOC.test(p),
    instructionFile: INSTRUCTION_FILE.test(p),
    ...(SOURCE_FILE.test(p) || NOTEBOOK_FILE.test(p) || isDataTextFile(p) ? { sourceFile: p } : {}),
  };
}

/** Most texts one context keeps signatures for (a decision reads a handful). */
const MAX_TEXTS_PER_CONTEXT = 64;

/**
 * Signatures found per text and place in one decision: a pack's block and sanitize rules (two
 * parameter sets, two probes) read the same result, and it is matched once. Kept per decision
 * context (the engine makes one per pass), so nothing outlives the decision.
 */
const perDecision = new WeakMap<DetectorContext, Map<string, Map<string, string[]>>>();

function signaturesOnce(ctx: DetectorContext, text: string, place: TextPlace): string[] {
  let byPlace = perDecision.get(ctx);
  if (byPlace === undefined)
    perDecision.set(ctx, (byPlace = new Map<string, Map<string, string[]>>()));
  const at = `${place.projectDoc === true ? 1 : 0}${place.instructionFile === true ? 1 : 0}${place.searchOutput === true ? 1 : 0}${place.sourceFile ?? ''}`;
  let seen = byPlace.get(at);
  if (seen === undefined) byPlace.set(at, (seen = new Map<string, string[]>()));
  let sigs = seen.get(text);
  if (sigs === undefined) {
    sigs = injectionSignatures(text, place);
    if (seen.size < MAX_TEXTS_PER_CONTEXT) seen.set(text, sigs);
  }
  return sigs;
}

export const promptInjectionDetector: Detector<InjectionParams> = {
  name: 'prompt_injection',
  rewrites: (p) => p.mode === 'sanitize',
  parseParams(params, path) {
    const p = checkKeys(params, ['mode'], path);
    return { mode: enumParam(p, 'mode', ['block', 'sanitize'], 'block', path) };
  },
  scan(value, path, ctx, params) {
    const place = placeOf(ctx.event.tool, ctx.event.args);
    const findings: Finding[] = [];
    eachString(value, path, (s, at) => {
      const sigs = signaturesOnce(ctx, s, place);
      if (sigs.length === 0 && (place.projectDoc === true || place.instructionFile === true)) {
        // the document's own address to the agent is allowed, an order to run harm in it is not
        const addresses = (t: string): boolean =>
          injectionSignatures(t).some((n) => ADDRESSES.has(n));
        const order = addresses(s) ? harmfulCodeOrder(s, (t) => ctx.shell(t), addresses) : null;
        if (order === null) return;
        const f: Finding = {
          path: at,
          reason: `a document orders the assistant to run ${order.detail}`,
        };
        if (params.mode === 'sanitize')
          f.rewrite = `${s.slice(0, order.start)}${REMOVED}${s.slice(order.end)}`;
        findings.push(f);
        return;
      }
      if (sigs.length === 0) return;
      const f: Finding = { path: at, reason: `injection signature ${sigs.join(', ')}` };
      if (params.mode === 'sanitize') f.rewrite = sanitize(s, place);
      findings.push(f);
    });
    return findings;
  },
};
