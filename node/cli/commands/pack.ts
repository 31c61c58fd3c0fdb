// `mesh pack validate|test PACK`: check a pack's format (per-rule hashes and examples) and run its
// tests — each rule against its match / no_match examples, and the policy's own tests.
import type { Command } from 'commander';
import {
  loadPack,
  packSkeleton,
  rehashPack,
  ruleFails,
  runPackTests,
  type LoadedPack,
  type PackTestReport,
} from '../../../packs/index.js';
import { existsSync, readFileSync } from 'node:fs';
import { MeshError, writeFileAtomic } from '../../../common/index.js';
import { contextFor } from '../context.js';
import { EXIT_FAILURE } from '../exit-codes.js';
import { collect } from '../repeatable-option.js';

interface PackFlags {
  json?: boolean;
  rule?: string[];
}

interface Validation {
  ok: boolean;
  pack: string;
  version: string;
  format: number;
  licence: string;
  rules: { id: string; sha256: string; match: number; no_match: number }[];
  problems: string[];
}

function validate(p: LoadedPack): Validation {
  const problems = [
    ...(p.meta.format < 2
      ? [`pack_format ${p.meta.format} carries no per-rule tests: move to pack_format 2`]
      : []),
    ...p.policy.quarantined.map(
      (q) => `rule ${q.id ?? `#${q.index}`} does not compile: ${q.message}`,
    ),
  ];
  return {
    ok: problems.length === 0,
    pack: p.meta.name,
    version: p.meta.version,
    format: p.meta.format,
    licence: p.meta.licence,
    rules: p.meta.catalog.map((id) => {
      const e = p.meta.rules[id];
      return {
        id,
        sha256: e?.sha256 ?? '',
        match: e?.tests?.match.length ?? 0,
        no_match: e?.tests?.no_match.length ?? 0,
      };
    }),
    problems,
  };
}

function renderValidation(v: Validation): string {
  const examples = v.rules.reduce((n, r) => n + r.match + r.no_match, 0);
  return [
    `${v.pack}@${v.version} (pack_format ${v.format}, ${v.licence}): ${v.rules.length} rules, ${examples} examples`,
    ...v.problems.map((p) => `  - ${p}`),
    v.ok ? 'valid' : 'INVALID',
  ].join('\n');
}

function renderReport(r: PackTestReport): string {
  const lines = [`${r.pack}@${r.version}: ${r.totals.rules} rules, ${r.totals.examples} examples`];
  for (const rule of r.rules) {
    const mark = ruleFails(rule) ? 'FAIL' : rule.status === 'disabled' ? 'skip' : 'ok  ';
    lines.push(
      `${mark} ${rule.id.padEnd(30)} ${rule.passed}/${rule.passed + rule.failed}${rule.note === null ? '' : `  (${rule.note})`}`,
    );
    for (const e of rule.examples.filter((x) => !x.passed))
      lines.push(
        `       ${e.kind}[${e.index}]${e.name === null ? '' : ` "${e.name}"`}`,
        `         expected: ${e.expected}`,
        `         got:      ${e.got}`,
      );
  }
  lines.push(
    `policy tests: ${r.policy_tests.total - r.policy_tests.failures.length}/${r.policy_tests.total}`,
  );
  for (const f of r.policy_tests.failures)
    lines.push(`FAIL policy test "${f.test}": expected ${f.expected}, got ${f.got}`);
  lines.push(
    r.ok
      ? `pass: ${r.totals.passed} examples`
      : `FAIL: ${r.totals.failed} example(s) in ${r.totals.failing_rules} rule(s), ${r.policy_tests.failures.length} policy test(s); fix the rule or its example`,
  );
  return lines.join('\n');
}

export function registerPack(program: Command): void {
  const pack = program
    .command('pack')
    .description('check a rule pack: its format, per-rule hashes and examples, and its tests');
  pack
    .command('validate')
    .description('load and validate a pack (format, catalog, rule hashes, >=5 examples per kind)')
    .argument('<pack>', 'pack JSON file or builtin:<name>')
    .option('--json', 'print one JSON object')
    .action((spec: string, f: PackFlags, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const v = validate(loadPack(spec));
      ctx.out.result(v, renderValidation);
      if (!v.ok) process.exitCode = EXIT_FAILURE;
    });
  pack
    .command('new')
    .description('write a pack skeleton that validates (one rule, its examples and hash)')
    .argument('<file>', 'where to write the pack JSON (refused if it exists)')
    .requiredOption('--name <name>', 'the pack name (lower case, digits and dashes)')
    .option('--json', 'print one JSON object')
    .action((file: string, f: { name: string; json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      if (existsSync(file))
        throw new MeshError('pack_file_exists', `${file} exists`, {
          hint: 'choose another file name, or edit that pack',
        });
      const doc = packSkeleton(f.name);
      writeFileAtomic(file, `${JSON.stringify(doc, null, 2)}\n`);
      const v = validate(loadPack(file));
      ctx.out.result({ file, ...v }, (x) => `wrote ${x.file}\n${renderValidation(v)}`);
      if (!v.ok) process.exitCode = EXIT_FAILURE;
    });
  pack
    .command('hash')
    .description("recompute every rule's content hash; --write updates the file in place")
    .argument('<file>', 'pack JSON file')
    .option('--write', 'write the recomputed hashes back to the file (atomically)')
    .option('--json', 'print one JSON object')
    .action((file: string, f: { write?: boolean; json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      // The file is the maintainer's own pack; loadPack below validates it after the rewrite.
      const doc = JSON.parse(readFileSync(file, 'utf8')) as Parameters<typeof rehashPack>[0];
      const changed = rehashPack(doc);
      if (f.write === true) writeFileAtomic(file, `${JSON.stringify(doc, null, 2)}\n`);
      ctx.out.result({ file, changed, written: f.write === true }, (x) =>
        x.changed.length === 0
          ? 'every rule hash is current'
          : `${x.written ? 'updated' : 'stale (run with --write)'}: ${x.changed.join(', ')}`,
      );
      if (f.write !== true && changed.length > 0) process.exitCode = EXIT_FAILURE;
    });
  pack
    .command('test')
    .description('run every rule against its match / no_match examples, and the policy tests')
    .argument('<pack>', 'pack JSON file or builtin:<name>')
    .option('--rule <id>', 'only this rule (repeatable)', collect)
    .option('--json', 'print one JSON object')
    .action(async (spec: string, f: PackFlags, cmd: Command) => {
      const ctx = contextFor(cmd, f);
      const loaded = loadPack(spec);
      ctx.out.progress(`testing ${loaded.meta.name}@${loaded.meta.version}`);
      const report = await runPackTests(loaded, f.rule ? { rules: f.rule } : {});
      ctx.out.result(report, renderReport);
      if (!report.ok) process.exitCode = EXIT_FAILURE;
    });
}
