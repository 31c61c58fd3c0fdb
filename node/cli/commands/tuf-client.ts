// `mesh tuf-client`: the CLIENT-CLI protocol of theupdateframework/tuf-conformance over our TUF client.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { HttpFetcher, TufError, Updater } from '../../../tuf/index.js';
import { UsageError } from '../../errors.js';
import { writeFileAtomic } from '../../../common/index.js';
import { createOutput } from '../output.js';
import { collect } from '../repeatable-option.js';

interface TufClientOptions {
  metadataDir: string;
  metadataUrl?: string;
  targetName?: string[];
  targetBaseUrl?: string;
  targetDir?: string;
  json?: boolean;
}

function need(v: string | undefined, flag: string): string {
  if (v === undefined) throw new UsageError(`${flag} is required for this command`);
  return v;
}

async function run(
  cmd: Command,
  opts: TufClientOptions,
  action: () => Promise<object>,
): Promise<void> {
  // Only the output of a command context: the client keeps no node state (no state dir, no logger).
  const out = createOutput({
    json: opts.json === true,
    quiet: cmd.optsWithGlobals<{ quiet?: boolean }>().quiet === true,
  });
  const result = await action();
  out.result({ ok: true, ...result }, () => 'ok');
}

function updater(opts: TufClientOptions, fetcher: HttpFetcher): Updater {
  return new Updater({
    metadataDir: opts.metadataDir,
    metadataBaseUrl: need(opts.metadataUrl, '--metadata-url'),
    fetcher,
    ...(opts.targetDir !== undefined ? { targetDir: opts.targetDir } : {}),
    ...(opts.targetBaseUrl !== undefined ? { targetBaseUrl: opts.targetBaseUrl } : {}),
  });
}

export function registerTufClient(program: Command): void {
  const tuf = program
    .command('tuf-client')
    .description('TUF 1.0.34 client speaking the tuf-conformance CLIENT-CLI protocol')
    .requiredOption('--metadata-dir <dir>', 'where trusted metadata is kept')
    .option('--metadata-url <url>', 'base URL of the repository metadata')
    .option('--target-name <path>', 'target path to download (repeatable, in order)', collect)
    .option('--target-base-url <url>', 'base URL of the repository targets')
    .option('--target-dir <dir>', 'where downloaded targets are stored')
    .option('--json', 'print one JSON object');

  tuf
    .command('init <root>')
    .description('trust ROOT (a root.json file) as the initial root; makes no request')
    .action(async (root: string, _o: unknown, cmd: Command) => {
      const opts = cmd.optsWithGlobals<TufClientOptions>();
      await run(cmd, opts, () => {
        // A crash mid-init leaves no trusted root or a whole one, never a torn one.
        writeFileAtomic(join(opts.metadataDir, 'root.json'), readFileSync(root));
        return Promise.resolve({ metadataDir: opts.metadataDir });
      });
    });

  tuf
    .command('refresh')
    .description('update the top-level metadata (TUF §5.1-§5.6)')
    .action(async (_o: unknown, cmd: Command) => {
      const opts = cmd.optsWithGlobals<TufClientOptions>();
      const fetcher = new HttpFetcher();
      try {
        await run(cmd, opts, async () => {
          await updater(opts, fetcher).refresh();
          return {};
        });
      } finally {
        fetcher.close();
      }
    });

  tuf
    .command('download')
    .description('refresh, then download each --target-name in order into --target-dir (TUF §5.7)')
    .action(async (_o: unknown, cmd: Command) => {
      const opts = cmd.optsWithGlobals<TufClientOptions>();
      const names = opts.targetName ?? [];
      if (names.length === 0) throw new UsageError('download needs at least one --target-name');
      need(opts.targetDir, '--target-dir');
      need(opts.targetBaseUrl, '--target-base-url');
      const fetcher = new HttpFetcher();
      try {
        await run(cmd, opts, async () => {
          const u = updater(opts, fetcher);
          const files: string[] = [];
          for (const name of names) {
            const info = await u.getTargetInfo(name);
            if (info === undefined)
              throw new TufError('target_not_found', `no trusted target ${name}`);
            files.push(u.findCachedTarget(info) ?? (await u.downloadTarget(info)));
          }
          return { files };
        });
      } finally {
        fetcher.close();
      }
    });
}
