// `mesh org new --name NAME --out FILE`: an organisation's Ed25519 key (0600) for obtaining report tokens.
import type { Command } from 'commander';
import { orgIdOf } from '../../../governance/index.js';
import { createKeyFile, TufError } from '../../../tuf/index.js';
import { UsageError } from '../../errors.js';
import { contextFor } from '../context.js';

export function registerOrg(program: Command): void {
  const org = program.command('org').description("an organisation's key for report tokens");
  org
    .command('new')
    .description('create an organisation key file (mode 0600, never overwritten)')
    .requiredOption('--name <name>', "the organisation's name, as the authority will enrol it")
    .requiredOption('--out <file>', 'where to write the key file')
    .option('--json', 'print one JSON object')
    .action((flags: { name: string; out: string; json?: boolean }, cmd: Command) => {
      const ctx = contextFor(cmd, flags);
      let key;
      try {
        key = createKeyFile(flags.out, 'org');
      } catch (e) {
        if (e instanceof TufError && e.code === 'key_file_exists')
          throw new UsageError(
            `${flags.out} exists`,
            'choose another --out; keys are never overwritten',
          );
        throw e;
      }
      const pub = key.signer.key.publicKey;
      ctx.out.result(
        { name: flags.name, org_id: orgIdOf(pub), public_key: pub, file: flags.out },
        (r) =>
          `organisation ${r.name} ${r.org_id}\npublic ${r.public_key}\nwritten to ${r.file} (0600)\n` +
          `next: the membership authority runs mesh members add --name ${r.name} --public-key ${r.public_key} ...`,
      );
    });
}
