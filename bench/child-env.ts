// The environment of the whole processes the process benches time (docs/tuf.md "Performance",
// docs/dap.md "Client path"). NODE_EXTRA_CA_CERTS makes Node parse that certificate file and its
// own root store when every process starts, before any of its code runs: with a system bundle
// (about 140 certificates) that is about 0.1 s of CPU per process, as much as the rest of Node's
// start-up. The benches serve plain HTTP on 127.0.0.1, so no certificate is ever used; the variable
// is left out unless MESH_BENCH_KEEP_EXTRA_CA=1, and the benches print which was measured.

/** Whether the timed processes keep NODE_EXTRA_CA_CERTS from this environment. */
export const keepExtraCa = process.env.MESH_BENCH_KEEP_EXTRA_CA === '1';

/**
 * This process's environment for a timed child, with `extra` on top.
 * @example spawn(process.execPath, args, { env: childEnv({ MESH_BENCH_CPU: file }) });
 */
export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  if (!keepExtraCa) delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/** One line for a bench's output: what the timed processes' start-up included. */
export function extraCaNote(): string {
  const set = process.env.NODE_EXTRA_CA_CERTS !== undefined;
  if (!set) return 'NODE_EXTRA_CA_CERTS not set';
  return keepExtraCa ? 'NODE_EXTRA_CA_CERTS kept' : 'NODE_EXTRA_CA_CERTS left out';
}
