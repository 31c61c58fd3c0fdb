// Which consensus proposals a repository has applied, and how far: one file per proposal beside
// the repository (never inside it: mirrors serve the repository), written before each publish so a
// second `mesh consensus apply` of the same proposal never publishes twice, also after a crash.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ring } from '../../packs/index.js';
import type { RuleChange } from './plan.js';
import { StateError } from '../errors.js';
import { writeFileAtomic } from '../../common/index.js';

export const LEDGER_SCHEMA = 1;

export interface RingRecord {
  version: string;
  sha256: string;
  /** prepared: bytes recorded; proposed: a ceremony proposal awaits keyholders; published: live. */
  state: 'prepared' | 'proposed' | 'published';
  changes: RuleChange[];
  testsDropped: number;
  ceremony?: { file: string; version: number; signed_sha256: string };
}

export interface ApplyRecord {
  schema: number;
  proposal: string;
  pack: string;
  rings: Partial<Record<Ring, RingRecord>>;
  unchanged: RuleChange[];
}

export const ledgerDir = (repoDir: string): string => `${repoDir}.consensus`;

export class ApplyLedger {
  private readonly dir: string;
  constructor(repoDir: string) {
    this.dir = ledgerDir(repoDir);
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  private file(proposal: string): string {
    return join(this.dir, `${proposal}.json`);
  }

  bytesFile(proposal: string, ring: Ring): string {
    return join(this.dir, `${proposal}.${ring}.json`);
  }

  read(proposal: string): ApplyRecord | undefined {
    const f = this.file(proposal);
    if (!existsSync(f)) return undefined;
    const rec = JSON.parse(readFileSync(f, 'utf8')) as ApplyRecord;
    if (rec.schema > LEDGER_SCHEMA)
      throw new StateError('state_schema_newer', `${f} is schema ${rec.schema}`, 'upgrade mesh');
    return rec;
  }

  write(rec: ApplyRecord): void {
    writeFileAtomic(this.file(rec.proposal), `${JSON.stringify(rec, null, 1)}\n`);
  }

  /** The exact bytes to publish, kept so a resumed apply publishes what it first decided. */
  keepBytes(proposal: string, ring: Ring, bytes: Uint8Array): void {
    writeFileAtomic(this.bytesFile(proposal, ring), bytes);
  }

  bytes(proposal: string, ring: Ring): Uint8Array {
    return readFileSync(this.bytesFile(proposal, ring));
  }
}
