// One decision's evaluation context (docs/guard.md "Shell analysis", "SQL"): shell views and SQL
// readings, made when a condition first asks and kept across decisions where the text decides them.
import type { Finding, ShellView } from './detectors/detector.js';
import type { EngineParts } from './engine.js';
import type { GuardEvent } from './event.js';
import type { EvalContext } from './rules/condition.js';
import type { SessionView } from './session.js';
import { sessionCaches } from './session-cache.js';
import { analyzeShell } from './shell/analyze/index.js';
import { outsideProject } from './shell/compose-scope.js';
import { outsideOwnRepos } from './shell/repo-secret-scope.js';
import { outsideRewriteCopy } from './shell/rewrite-copy.js';
import { inProductionFolder } from './shell/targeted-destroy.js';
import { onServer } from './shell/server-folder.js';
import { clientOf } from './shell/intent-sql.js';
import type { ShellDefinitions } from './shell/session-definitions.js';
import { absoluteIn, readSqlFile, sqlFileIntents, sqlFileTargets } from './shell/sql-files.js';
import { lazyView } from './shell/view-cache.js';
import type { ShellAnalysis } from './shell/model.js';
import type { ShellParser } from './shell/parser.js';
import { treeFree } from './shell/tree-free.js';
import { quickReading, sqlEffects, type SqlReading } from './sql/effects.js';
import { currentSqlParser } from './sql/parser.js';

/** What a pass needs of the engine's parts. */
export type ContextParts = Pick<
  EngineParts,
  'shell' | 'sessions' | 'shellLimits' | 'definitions' | 'egressHosts'
>;

/** A call that writes a `.sql` file (Write's file_path and content): kept for a later `psql -f`. */
export function recordSqlWrite(event: GuardEvent, parts: ContextParts): void {
  const { file_path: path, content } = event.args;
  if (event.phase !== 'call' || typeof path !== 'string' || typeof content !== 'string') return;
  if (!/\.sql$/i.test(path)) return;
  sessionCaches(parts.sessions).sqlFiles.record(
    event.session,
    absoluteIn(event.cwd, path),
    content,
  );
}

/** SQL a client reads from a file: the session's own write of it first, else the file on disk. */
function fileSqlHits(analysis: ShellView['analysis'], event: GuardEvent, parts: ContextParts) {
  if (!analysis.commands.some((c) => sqlFileTargets(c).length > 0)) return [];
  const files = sessionCaches(parts.sessions).sqlFiles;
  return sqlFileIntents(analysis, (f) => {
    const abs = absoluteIn(event.cwd, f);
    return files.get(event.session, abs) ?? readSqlFile(abs);
  });
}

function definitionsOf(parts: ContextParts): ShellDefinitions {
  return parts.definitions ?? sessionCaches(parts.sessions).definitions;
}

/** Interpreter code that may hand SQL to a database library (read once PostgreSQL's grammar is in). */
const SQL_IN_CODE = /\b(?:DROP|TRUNCATE|DELETE|UPDATE|ALTER)\b/i;

/** Stands in while the parser is not loaded; the pass that saw it is discarded and run again. */
const PENDING_VIEW: ShellView = {
  analysis: { status: 'ok', commands: [], scripts: [] },
  intents: [],
};

export interface PassContext extends EvalContext {
  /** Set when a condition asked for shell analysis before the parser was loaded. */
  pending: boolean;
  /** Set when SQL was read before PostgreSQL's grammar was loaded (it loads only when SQL appears). */
  sqlPending: boolean;
}

/**
 * A pass's context as a class: its methods live on the prototype, so a decision allocates the
 * context and its two maps, not two closures and an object spread as well.
 */
class Pass implements PassContext {
  readonly cache = new Map<string, Finding[]>();
  pending = false;
  sqlPending = false;
  readonly egressHosts?: readonly string[];
  private readonly shells = new Map<string, ShellView>();

  constructor(
    readonly event: GuardEvent,
    private readonly parts: ContextParts,
    readonly session: SessionView,
  ) {
    if (parts.egressHosts !== undefined) this.egressHosts = parts.egressHosts;
  }

  sql(text: string): SqlReading {
    // SQL naming no destructive keyword is read without either grammar (none is loaded for it)
    const quick = quickReading(text);
    if (quick !== null) return quick;
    if (currentSqlParser() === undefined) {
      this.sqlPending = true;
      return sqlEffects(text);
    }
    const { readings } = sessionCaches(this.parts.sessions);
    let r = readings.get(text);
    if (r === undefined) readings.set(text, (r = sqlEffects(text)));
    return r;
  }

  shell(text: string): ShellView {
    let v = this.shells.get(text);
    if (v === undefined) {
      const { parts, event } = this;
      const parser = parts.shell.current();
      const defs = definitionsOf(parts);
      const known = defs.of(event.session);
      const views =
        known === undefined || known.size === 0 ? sessionCaches(parts.sessions).views : undefined;
      let cached = views?.get(text);
      if (cached === undefined) {
        const analyze = (p: ShellParser): ShellAnalysis =>
          analyzeShell(p, text, parts.shellLimits, known);
        // a command the reader reads without a tree is decided before the grammar loads
        const analysis = parser === undefined ? treeFree(analyze) : analyze(parser);
        if (analysis === undefined) {
          this.pending = true;
          return PENDING_VIEW;
        }
        cached = lazyView(
          analysis,
          text,
          analysis.commands.some((c) => clientOf(c)) ||
            analysis.scripts.some((sc) => SQL_IN_CODE.test(sc.code)),
        );
        views?.set(text, cached);
      }
      const { analysis } = cached;
      // kept whatever the verdict: a blocked definition still names what the session tried
      if (event.phase === 'call') defs.record(event.session, analysis.definitions);
      // SQL files are session state and disk contents: read for every decision
      const files = analysis.status === 'ok' ? fileSqlHits(analysis, event, parts) : [];
      v = files.length === 0 ? cached : { analysis, intents: [...cached.intents, ...files] };
      // a compose project's own volumes are the working folder's: known per call, not per text
      if (v.intents.some((h) => h.compose !== undefined))
        v = { analysis, intents: outsideProject(v.intents, event.cwd) };
      // a secret stored in a named repository is the project's when the folder's remotes name it
      if (v.intents.some((h) => h.repo !== undefined))
        v = { analysis, intents: outsideOwnRepos(v.intents, event.cwd) };
      // a history rewrite is of no one's work in a folder made for the rewrite
      if (v.intents.some((h) => h.inCwd === true))
        v = { analysis, intents: outsideRewriteCopy(v.intents, event.cwd) };
      // a targeted destroy is production's when the call's folder is
      if (v.intents.some((h) => h.targeted === true))
        v = { analysis, intents: inProductionFolder(v.intents, event.cwd) };
      // a data tool's reset naming no environment is production's when run in a server's folder
      if (v.intents.some((h) => h.server === true))
        v = { analysis, intents: onServer(v.intents, event.cwd) };
      if (currentSqlParser() === undefined && cached.sqlish) this.sqlPending = true;
      this.shells.set(text, v);
    }
    return v;
  }
}

export function makeContext(
  event: GuardEvent,
  parts: ContextParts,
  session: SessionView,
): PassContext {
  return new Pass(event, parts, session);
}
