// Never submit twice for one window, also across a crash: a window's report is prepared once,
// recorded durably before upload, and a restart re-sends the same bytes (same report ID, which the
// leader de-duplicates) instead of making a new report. A report the Leader refused with
// outdated_config is replaced once by a freshly generated one (DAP-18 §4.4.2), recorded the same way.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { fsyncDir, writeFileAtomic } from '../../common/index.js';

export interface PreparedReport {
  reportId: string;
  /** The encoded DAP Report, base64. */
  report: string;
}

export type LedgerState =
  | { state: 'none' }
  | { state: 'prepared'; report: PreparedReport }
  | { state: 'submitted'; report: PreparedReport; at: string };

export interface SubmitOutcome {
  window: string;
  outcome: 'submitted' | 'resubmitted' | 'already-submitted';
  reportId: string;
}

export interface WindowRecord {
  window: string;
  state: 'prepared' | 'submitted';
  reportId: string;
  at?: string;
}

const LEDGER_FILE = /^(\d{1,12})\.(prepared|renewed|submitted)\.json$/;

export class ReportLedger {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  private preparedPath(key: string): string {
    return join(this.dir, `${key}.prepared.json`);
  }

  private renewedPath(key: string): string {
    return join(this.dir, `${key}.renewed.json`);
  }

  private submittedPath(key: string): string {
    return join(this.dir, `${key}.submitted.json`);
  }

  state(key: string): LedgerState {
    if (existsSync(this.submittedPath(key))) {
      const doc = JSON.parse(readFileSync(this.submittedPath(key), 'utf8')) as {
        report: PreparedReport;
        at: string;
      };
      return { state: 'submitted', report: doc.report, at: doc.at };
    }
    for (const path of [this.renewedPath(key), this.preparedPath(key)])
      if (existsSync(path))
        return {
          state: 'prepared',
          report: JSON.parse(readFileSync(path, 'utf8')) as PreparedReport,
        };
    return { state: 'none' };
  }

  /** Every window on record, oldest first; a submitted window is listed once, as submitted. */
  list(): WindowRecord[] {
    const keys = new Set<string>();
    for (const f of readdirSync(this.dir)) {
      const m = LEDGER_FILE.exec(f);
      if (m?.[1] !== undefined) keys.add(m[1]);
    }
    return [...keys]
      .sort((a, b) => Number(a) - Number(b))
      .flatMap((window): WindowRecord[] => {
        const s = this.state(window);
        if (s.state === 'none') return [];
        return [
          {
            window,
            state: s.state,
            reportId: s.report.reportId,
            ...(s.state === 'submitted' ? { at: s.at } : {}),
          },
        ];
      });
  }

  /** Records a report at `path` unless one exists there; returns whichever report is now on record. */
  private claim(path: string, report: PreparedReport): PreparedReport {
    const tmp = join(this.dir, `.${randomBytes(6).toString('hex')}.tmp`);
    const fd = openSync(tmp, 'wx', 0o600);
    try {
      writeSync(fd, JSON.stringify(report));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      // link() fails if the name exists: exactly one process's report becomes the window's report.
      linkSync(tmp, path);
      fsyncDir(this.dir);
      return report;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      return JSON.parse(readFileSync(path, 'utf8')) as PreparedReport;
    } finally {
      rmSync(tmp, { force: true });
    }
  }

  /**
   * The window's one replacement report: the first caller's `prepare()` is recorded durably before
   * anyone uploads it, and every caller (also concurrent ones, also after a crash) gets that one.
   */
  async renew(key: string, prepare: () => Promise<PreparedReport>): Promise<PreparedReport> {
    const path = this.renewedPath(key);
    if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as PreparedReport;
    return this.claim(path, await prepare());
  }

  async submit(
    key: string,
    prepare: () => Promise<PreparedReport> | PreparedReport,
    upload: (report: PreparedReport) => Promise<void>,
  ): Promise<SubmitOutcome> {
    const current = this.state(key);
    if (current.state === 'submitted')
      return { window: key, outcome: 'already-submitted', reportId: current.report.reportId };
    const first =
      current.state === 'prepared'
        ? current.report
        : this.claim(this.preparedPath(key), await prepare());
    await upload(first);
    // The upload may have replaced the report (renew); record the one that was sent last.
    const now = this.state(key);
    const report = now.state === 'none' ? first : now.report;
    writeFileAtomic(
      this.submittedPath(key),
      JSON.stringify({ report, at: new Date().toISOString() }),
      { mode: 0o600 },
    );
    return {
      window: key,
      outcome: current.state === 'prepared' ? 'resubmitted' : 'submitted',
      reportId: report.reportId,
    };
  }
}
