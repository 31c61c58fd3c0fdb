// A test runner's status line (`--- PASS: TestOrderRepository/Create (0.09s)`, Go's verbose
// output) names a test after `PASS:`, not a password after a key (docs/guard.md "Secret formats").

/** A Go test, benchmark, example or fuzz target and its subtests. */
const GO_TEST =
  /^(?:Test|Benchmark|Example|Fuzz)[A-Z0-9_]\w*(?:\/\S*)?$|^(?:Test|Benchmark|Example|Fuzz)$/;

/**
 * True when the assignment read as `name` `sep` `value` after `prefix` on its line is a runner's
 * `PASS:` status: the upper-case word alone, after Go's `--- ` marker or naming a Go test.
 */
export function testStatusLine(name: string, sep: string, prefix: string, value: string): boolean {
  if (name !== 'PASS' || !/^:[ \t]+$/.test(sep)) return false;
  return /^[ \t]*---[ \t]+$/.test(prefix) || (/^[ \t]*$/.test(prefix) && GO_TEST.test(value));
}
