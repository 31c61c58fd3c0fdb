// `mesh keys new --role R --out FILE`: a new Ed25519 key file (0600); prints the public key.
// `mesh keys show FILE`: the public key of a key file and, for log and witness keys, the C2SP vkey.
import type { Command } from 'commander';
import { createKeyFile, KEY_ROLES, TufError, type KeyRole } from '../../../tuf/index.js';
import { UsageError } from '../../errors.js';
import { describeKey } from '../../keys/describe-key.js';
import { contextFor } from '../context.js';

export function registerKeys(program: Command): void {
  const keys = program
    .command('keys')
    .description('key files for TUF roles, the log, witnesses and nodes');
  keys
    .command('new')
    .description(
      'create an Ed25519 key file (mode 0600, never overwritten) and print its public key',
    )
    .requiredOption('--role <role>', `one of ${KEY_ROLES.join('|')}`)
    .requiredOption('--out <file>', 'where to write the key file')
    .option('--json', 'print one JSON object')
    .action((opts: { role: string; out: string; json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, opts);
      if (!(KEY_ROLES as readonly string[]).includes(opts.role)) {
        throw new UsageError(`unknown role ${opts.role}`, `use one of ${KEY_ROLES.join(', ')}`);
      }
      let key;
      try {
        key = createKeyFile(opts.out, opts.role as KeyRole);
      } catch (e) {
        if (e instanceof TufError && e.code === 'key_file_exists') {
          throw new UsageError(
            `${opts.out} exists`,
            'choose another --out; key files are never overwritten',
          );
        }
        throw e;
      }
      ctx.out.result(
        {
          role: key.role,
          keyid: key.signer.keyid,
          public: key.signer.key.publicKey,
          file: opts.out,
        },
        (r) => `${r.role} key ${r.keyid}\npublic ${r.public}\nwritten to ${r.file} (0600)`,
      );
    });
  keys
    .command('show')
    .description(
      'print the public key of a key file; for log and witness keys also the C2SP verifier key',
    )
    .argument('<file>', 'a key file (mesh keys new) or a PRIVATE+KEY signed-note key')
    .option(
      '--name <name>',
      'the note key name: the log origin (default interlock-mesh/log) or the witness name',
    )
    .option('--role <role>', 'for a PRIVATE+KEY file: log or witness (default witness)')
    .option('--json', 'print one JSON object')
    .action(
      (file: string, opts: { name?: string; role?: string; json?: boolean }, cmd: Command) => {
        const ctx = contextFor(cmd, opts);
        const d = describeKey(file, {
          ...(opts.name === undefined ? {} : { name: opts.name }),
          ...(opts.role === undefined ? {} : { role: opts.role }),
        });
        ctx.out.result(d, (r) =>
          [
            `${r.role} key ${r.file}`,
            ...(r.keyid === undefined ? [] : [`keyid ${r.keyid}`]),
            ...(r.public === undefined ? [] : [`public ${r.public}`]),
            ...(r.vkey === undefined ? [] : [`vkey ${r.vkey}`]),
          ].join('\n'),
        );
      },
    );
}
