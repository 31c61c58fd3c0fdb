// tuf-js@5 with the command line of `mesh tuf-client` (the tuf-conformance CLIENT-CLI protocol), so
// `npm run bench:tuf` can time both as whole processes doing the same steps.
// Usage: node tufjs-cli.mjs --metadata-dir D --metadata-url U refresh
//        node tufjs-cli.mjs --metadata-dir D --metadata-url U --target-name N --target-base-url T --target-dir TD download
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Updater } from 'tuf-js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'metadata-dir': { type: 'string' },
    'metadata-url': { type: 'string' },
    'target-name': { type: 'string', multiple: true },
    'target-base-url': { type: 'string' },
    'target-dir': { type: 'string' },
  },
});
const u = new Updater({
  metadataDir: values['metadata-dir'],
  metadataBaseUrl: values['metadata-url'],
  targetDir: values['target-dir'],
  targetBaseUrl: values['target-base-url'],
});
if (positionals[0] === 'refresh') await u.refresh();
else if (positionals[0] === 'download') {
  await u.refresh();
  for (const name of values['target-name'] ?? []) {
    const info = await u.getTargetInfo(name);
    if (info === undefined) throw new Error(`no target ${name}`);
    const path = join(values['target-dir'], encodeURIComponent(name));
    if ((await u.findCachedTarget(info, path)) === undefined) await u.downloadTarget(info, path);
  }
} else throw new Error('usage: refresh | download');
