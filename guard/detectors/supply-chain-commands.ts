// What one shell command does to where packages come from (docs/guard.md "Detectors").
import { hostOf } from '../shell/intent-network.js';
import type { ShellCommand } from '../shell/model.js';
import { addedSources, registeredSources } from './package-sources.js';
import { verificationOff } from './signature-off.js';
import { listable } from './registry-listable.js';
import { installProblems, managerArgv } from './package-installs.js';
import { configProblems, envProblems } from './package-config-commands.js';
import { writtenConfigProblems } from './package-config-writes.js';
import { aliasProblems } from './package-aliases.js';

/** Managers whose `source add` subcommands add a package source (guard/detectors/package-sources.ts). */
const SOURCE_ADDERS = /^(?:choco|winget|scoop|nuget|dotnet)$/i;
/** PowerShell's repository registrations, named before PS_REGISTER's scan runs. */
const PS_REGISTERS = /Register-|Set-PSRepository/i;

export function commandProblems(cmd: ShellCommand, off: (v: string) => boolean): string[] {
  const argv = managerArgv(cmd);
  const out =
    argv === null
      ? []
      : [...installProblems(argv, off), ...configProblems(argv, off), ...aliasProblems(argv)];
  if (argv === null && /^(?:dart|flutter)$/.test(cmd.name))
    out.push(...configProblems(cmd.argv, off));
  const name = cmd.name.replace(/\.exe$/i, '');
  // most commands name no package tool: each reader below first asks for its own tool's name
  if (SOURCE_ADDERS.test(name)) {
    const added = addedSources([name, ...cmd.argv.slice(1)]).find(off);
    if (added !== undefined)
      out.push(listable(`${cmd.name} adds package source ${hostOf(added, true) ?? added}`));
  }
  const line = cmd.argv.length > 1 ? cmd.argv.join(' ') : '';
  if (line !== '' && PS_REGISTERS.test(line)) {
    const added = registeredSources(`${name} ${cmd.argv.slice(1).join(' ')}`).find(off);
    if (added !== undefined)
      out.push(listable(`${cmd.name} adds package source ${hostOf(added, true) ?? added}`));
  }
  if (cmd.name === 'export' || cmd.name === '' || /^set$/i.test(cmd.name))
    out.push(...envProblems(cmd.argv.slice(1), off));
  // cmd's `setx NAME VALUE` keeps the variable for every later session
  if (/^setx(?:\.exe)?$/i.test(cmd.name))
    out.push(...envProblems([`${cmd.argv[1] ?? ''}=${cmd.argv[2] ?? ''}`], off));
  const unverified = verificationOff(cmd);
  if (unverified !== null) out.push(unverified);
  if (cmd.redirects.length > 0) out.push(...writtenConfigProblems(cmd, off));
  return out;
}
