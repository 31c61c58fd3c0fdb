// docs/packs.md "Testing a pack": `mesh publish` runs the pack's tests first. A pack target whose
// rule examples or policy tests fail (or that has none) is refused before anything is written.
import { PackError } from '../errors.js';
import { parsePackJson } from '../loader.js';
import { compilePack } from '../pack.js';
import { runPackTests } from '../pack-tests/run-pack-tests.js';
import { ruleFails, type PackTestReport } from '../pack-tests/report.js';

const SHOWN = 10;

/** One line per failing rule example or policy test, at most SHOWN of them. */
export function failureLines(r: PackTestReport): string[] {
  const lines = [
    ...r.rules
      .filter(ruleFails)
      .flatMap((rule) =>
        rule.note !== null
          ? [`${rule.id}: ${rule.note}`]
          : rule.examples
              .filter((e) => !e.passed)
              .map(
                (e) =>
                  `${rule.id} ${e.kind}[${e.index}]${e.name === null ? '' : ` "${e.name}"`}: expected ${e.expected}, got ${e.got}`,
              ),
      ),
    ...r.policy_tests.failures.map(
      (f) => `policy test "${f.test}": expected ${f.expected}, got ${f.got}`,
    ),
  ];
  return lines.length > SHOWN
    ? [...lines.slice(0, SHOWN), `… and ${lines.length - SHOWN} more`]
    : lines;
}

/** Throws unless every pack among the additions is format 2 and passes all of its tests. */
export async function requirePassingPackTests(
  additions: readonly { path: string; bytes: Uint8Array }[],
): Promise<void> {
  for (const a of additions) {
    if (!a.path.startsWith('packs/')) continue;
    const pack = compilePack(parsePackJson(a.path, a.bytes, 'publish_invalid'), a.path);
    if (pack.meta.format < 2)
      throw new PackError(
        'pack_untested',
        `${a.path}: pack_format ${pack.meta.format} has no per-rule tests; nothing was published`,
        'move to pack_format 2: give every rule a "rules" entry with its sha256 and tests (docs/packs.md)',
      );
    const report = await runPackTests(pack);
    if (!report.ok)
      throw new PackError(
        'pack_tests_failed',
        `${pack.meta.name}@${pack.meta.version}: ${report.totals.failing_rules} rule(s) and ${report.policy_tests.failures.length} policy test(s) failed; nothing was published (see all with mesh pack test)\n  ${failureLines(report).join('\n  ')}`,
        'run `mesh pack test PACK` to see every failure, fix the rule or its examples, then publish again',
      );
  }
}
