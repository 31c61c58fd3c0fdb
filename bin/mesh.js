#!/usr/bin/env node
// Entry point of the `mesh` command: runs the compiled CLI from dist/ (built by `npm ci` via "prepare").
import { existsSync } from 'node:fs';

const entry = new URL('../dist/node/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('mesh: not built yet; run `npm run build` in the package folder first\n');
  process.exit(1);
}
await import(entry.href);
