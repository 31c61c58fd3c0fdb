// Raw V8 coverage of the `mesh` processes the suites start (scripts/coverage-report.mjs counts it
// for the protocol rooms) costs each process about a fifth more CPU. `.ci/run` names the folder in
// MESH_CHILD_V8_COVERAGE; only the suites whose processes run the protocol rooms pass it on to their
// children as NODE_V8_COVERAGE (the guard's doors and the sensor do not reach tuf/, log/, dap/ or
// vdaf/). The vitest workers themselves never run under it.
import { beforeAll } from 'vitest';

const dir = process.env.MESH_CHILD_V8_COVERAGE;
const NO_PROTOCOL = /\/test\/(guard|bpf)\/|\/test\/node\/hook-/;

// vitest passes the file's suite second; the first parameter is the (unused) fixture context.
// eslint-disable-next-line no-empty-pattern
beforeAll(({}, suite) => {
  if (!dir) return;
  const file = 'filepath' in suite && typeof suite.filepath === 'string' ? suite.filepath : '';
  if (NO_PROTOCOL.test(file)) delete process.env.NODE_V8_COVERAGE;
  else process.env.NODE_V8_COVERAGE = dir;
});
