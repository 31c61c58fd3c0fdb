// `supply_chain` (docs/guard.md "Detectors"): package installs from URLs, git or unlisted indexes, and
// package-manager configuration that redirects installs to another registry.
import { hostOf } from '../shell/intent-network.js';
import type { ShellCommand } from '../shell/model.js';
import type { Detector, Finding } from './detector.js';
import { hostAllowed } from './egress.js';
import { checkKeys, listParam } from './params.js';
import { writtenText } from './sensitive-paths.js';
import { writesPwnRequest } from './pwn-request.js';
import { writesCiDownloadRun, writesCiSecretsOut } from './ci-download-run.js';
import { addedSources, registeredSources } from './package-sources.js';
import { BUILD_CONFIG_FILE, insecureRepository } from './build-repositories.js';
import { MIRROR_FILE, mirrorSources } from './registry-mirrors.js';
import { lookalikeRepository } from './lookalike-repositories.js';
import { verificationOff } from './signature-off.js';
import { verificationOffInFile } from './signature-off-files.js';
import { writesBuildDownloadRun } from './build-script-run.js';
import { loadTimeDownloadRun } from './load-time-code.js';
import { swappedDependency } from './dependency-sources.js';
import { harmfulStartupWrite } from './startup-files.js';
import { weakensPins } from './integrity-pins.js';
import { internalHosts } from '../egress/internal-hosts.js';

interface SupplyParams {
  /** Registries and indexes installs may come from. */
  allow: string[];
}

/** A package spec fetched from a git repository: never a registry, whatever the host. */
const GIT_SPEC = /^(?:git\+|git:|ssh:\/\/|github:|gitlab:|bitbucket:|git@[\w.-]+:)/i;
const URL_SPEC = /^https?:\/\//i;
/** Install options whose value is an index, registry or source to fetch from. */
const INDEX_FLAGS = new Set([
  '--index-url',
  '--extra-index-url',
  '--find-links',
  '--registry',
  '--source',
  '--index',
  '--git',
  '--default-index',
]);
/** Short forms, for pip only (`npm -f` is `--force`). */
const PIP_SHORT = new Set(['-i', '-f']);
/** `config set` keys that change where a package manager installs from. */
const REGISTRY_KEY =
  /^(?:(?:@[\w.-]+:)?registry|npmRegistryServer|(?:global|install|user)\.(?:extra-)?index-url|index-url|extra-index-url)$/i;
/** Environment variables that redirect installs. */
const REGISTRY_ENV =
  /^(?:npm_config_(?:@[\w.-]+:)?registry|PIP_(?:EXTRA_)?INDEX_URL|PIP_FIND_LINKS|UV_(?:EXTRA_)?INDEX_URL|UV_DEFAULT_INDEX|UV_INDEX|PIP_TRUSTED_HOST|COMPOSER_REPO_PACKAGIST|YARN_NPM_REGISTRY_SERVER|GOPROXY|BUNDLE_MIRROR__[\w]+)=(.*)$/i;
/** Package-manager config files; a line naming a registry or index written into one redirects installs. */
const CONFIG_FILE =
  /(?:^|\/)(?:\.npmrc|\.yarnrc(?:\.yml)?|pip\.conf|pip\.ini|bunfig\.toml|uv\.toml)$/;

const PY = /^python[0-9.]*$/;
const MANAGERS =
  /^(?:pip[0-9.]*|pipx|uv|uvx|npm|pnpm|pnpx|yarn|bun|npx|bunx|gem|cargo|poetry|go|choco|winget|scoop|composer|conda|mamba|micromamba|bundle)$/;
/** Windows package managers' options that install a package whose download matches no checksum. */
const NO_CHECKSUM =
  /^--(?:ignore-checksums?|allow-empty-checksums(?:-secure)?|ignore-security-hash|skip-hash-check)$/i;

/** The argv from the package manager on: `python3 -m pip ...` is `pip ...`. */
function managerArgv(cmd: ShellCommand): string[] | null {
  if (PY.test(cmd.name) && cmd.argv[1] === '-m' && /^pip[0-9.]*$/.test(cmd.argv[2] ?? ''))
    return cmd.argv.slice(2);
  return MANAGERS.test(cmd.name) ? cmd.argv : null;
}

/** Index and registry hosts named by option values (`--index-url U`, `--registry=U`). */
function optionValues(argv: readonly string[]): string[] {
  const pip = /^(?:pip[0-9.]*|uv|pipx)$/.test(argv[0] ?? '');
  // `choco install -s URL`, `choco install --source=URL`
  const choco = argv[0] === 'choco' || argv[0] === 'winget';
  const isFlag = (f: string): boolean =>
    INDEX_FLAGS.has(f) || (pip && PIP_SHORT.has(f)) || (choco && f === '-s');
  const out: string[] = [];
  argv.forEach((a, i) => {
    const eq = /^(--?[\w-]+)=(.*)$/.exec(a);
    if (eq !== null && isFlag(eq[1] ?? '')) out.push(eq[2] ?? '');
    else if (isFlag(a) && argv[i + 1] !== undefined) out.push(argv[i + 1] ?? '');
  });
  return out;
}

const INSTALL = /^(?:install|i|add|upgrade|dlx|exec|x|tool)$/;

function installProblems(argv: readonly string[], off: (v: string) => boolean): string[] {
  const [tool, sub, sub2] = argv;
  const runs =
    tool === 'npx' ||
    tool === 'bunx' ||
    tool === 'pnpx' ||
    tool === 'uvx' ||
    // `pipx run SPEC`, `uv run --with SPEC`: a package fetched to run once
    ((tool === 'pipx' || tool === 'uv') && sub === 'run') ||
    (sub !== undefined && INSTALL.test(sub)) ||
    (tool === 'uv' && sub === 'pip' && sub2 === 'install');
  if (!runs) return [];
  const out: string[] = [];
  // a spec given as an option's value (`npm exec --package=URL`, `uvx --from=git+...`) counts too
  const specs = argv
    .slice(1)
    .map((a) => a.replace(/^--(?:package|from|spec|with)=/, ''))
    .filter((a) => !a.startsWith('-'));
  const remote = specs.find((a) => GIT_SPEC.test(a) || (URL_SPEC.test(a) && off(a)));
  if (remote !== undefined)
    out.push(`${tool ?? ''} installs from ${hostOf(remote, true) ?? 'git'}`);
  const unchecked = argv.find((a) => NO_CHECKSUM.test(a));
  if (unchecked !== undefined) out.push(`${tool ?? ''} installs with ${unchecked}`);
  const index = optionValues(argv).find(off);
  if (index !== undefined)
    out.push(listable(`${tool ?? ''} installs from index ${hostOf(index, true) ?? index}`));
  return out;
}

function configProblems(argv: readonly string[], off: (v: string) => boolean): string[] {
  const [tool, sub, verb, key, value] = argv;
  const set =
    (sub === 'config' && verb === 'set') ||
    (sub === 'set' && verb !== undefined && REGISTRY_KEY.test(verb));
  if (set) {
    const k = (sub === 'set' ? verb : key) ?? '';
    const v = sub === 'set' ? key : value;
    const kv = /^([^=]+)=(.*)$/.exec(k);
    const name = kv?.[1] ?? k;
    const val = kv?.[2] ?? v;
    if (REGISTRY_KEY.test(name) && val !== undefined && off(val))
      return [listable(`${tool ?? ''} config points installs at ${hostOf(val, true) ?? val}`)];
  }
  if (tool === 'gem' && sub === 'sources') {
    const added = optionValues(argv.map((a) => (a === '-a' || a === '--add' ? '--source' : a)));
    if (added.some(off)) return [listable('gem sources adds an unlisted source')];
  }
  if (tool === 'go' && sub === 'env' && verb === '-w') return envProblems(argv.slice(3), off);
  const source = configuredSource(argv).find(off);
  if (source !== undefined)
    return [listable(`${tool ?? ''} adds source ${hostOf(source, true) ?? source}`)];
  return [];
}

/**
 * Sources a manager's `config` subcommand adds: `composer config [-g] repos.NAME composer URL` (or a
 * JSON object naming `url`), `conda config --add channels URL`, `bundle config [set] mirror.X URL`.
 */
/**
 * A redirection's reason with how to pass an organisation's own registry: its public-looking name
 * alone cannot tell it from a stranger's (docs/guard.md "Detectors").
 */
function listable(reason: string): string {
  return `${reason} (if it is your organisation's registry, list its host in the node config's guard.egress.allowHosts)`;
}

function configuredSource(argv: readonly string[]): string[] {
  const words = argv.filter((a) => !a.startsWith('-') || a === '--add' || a === '--prepend');
  const [tool, a, b] = words;
  const urls = (from: number): string[] =>
    words
      .slice(from)
      .flatMap((w) => [...w.matchAll(/[a-z][\w+.-]*:\/\/[^\s"',}]+/gi)].map((m) => m[0]));
  if (tool === 'composer' && (a === 'config' || (a === 'global' && b === 'config'))) {
    const i = words.findIndex((w) => /^repo(?:s|sitories)?\.[\w.-]+$/i.test(w));
    return i < 0 ? [] : urls(i + 1);
  }
  if (/^(?:conda|mamba|micromamba)$/.test(tool ?? '') && a === 'config') {
    const i = words.findIndex((w) => w === '--add' || w === '--prepend');
    return i >= 0 && /^(?:channels|default_channels)$/.test(words[i + 1] ?? '') ? urls(i + 2) : [];
  }
  if (tool === 'poetry' && a === 'source' && b === 'add') return urls(3);
  if (tool === 'bundle' && a === 'config') {
    const i = words.findIndex((w) => /^mirror\./i.test(w));
    return i < 0 ? [] : urls(i + 1);
  }
  return [];
}

function envProblems(words: readonly string[], off: (v: string) => boolean): string[] {
  for (const w of words) {
    const m = REGISTRY_ENV.exec(w);
    const vals = (m?.[1] ?? '')
      .split(/[,|]/)
      .filter((v) => v !== '' && v !== 'direct' && v !== 'off');
    const host = m === null ? undefined : vals.find(off);
    if (host !== undefined)
      return [
        listable(`${w.split('=')[0] ?? ''} redirects installs to ${hostOf(host, true) ?? host}`),
      ];
  }
  return [];
}

/** Managers whose `source add` subcommands add a package source (guard/detectors/package-sources.ts). */
const SOURCE_ADDERS = /^(?:choco|winget|scoop|nuget|dotnet)$/i;
/** PowerShell's repository registrations, named before PS_REGISTER's scan runs. */
const PS_REGISTERS = /Register-|Set-PSRepository/i;

function commandProblems(cmd: ShellCommand, off: (v: string) => boolean): string[] {
  const argv = managerArgv(cmd);
  const out = argv === null ? [] : [...installProblems(argv, off), ...configProblems(argv, off)];
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

/** What a command's redirected output writes into package-manager and build configuration. */
function writtenConfigProblems(cmd: ShellCommand, off: (v: string) => boolean): string[] {
  const out: string[] = [];
  const text = [...cmd.argv.slice(1), cmd.stdin ?? ''].join('\n');
  if (
    (cmd.name === 'echo' || cmd.name === 'printf' || cmd.name === 'tee' || cmd.name === 'cat') &&
    cmd.redirects.some((r) => r.op.startsWith('>') && CONFIG_FILE.test(r.target))
  ) {
    const named = namesOffRegistry(text, off);
    if (named !== undefined)
      out.push(listable(`writes registry ${named} into a package-manager config`));
  }
  const mirror = cmd.redirects.find((r) => r.op.startsWith('>') && MIRROR_FILE.test(r.target));
  if (mirror !== undefined) {
    const url = offMirror(mirror.target, text, off);
    if (url !== undefined) out.push(listable(`${mirror.target} replaces the registry with ${url}`));
  }
  for (const r of cmd.redirects.filter((x) => x.op.startsWith('>'))) {
    const unchecked = verificationOffInFile(r.target, text, off);
    if (unchecked !== null) out.push(`writes ${unchecked} into ${r.target}`);
  }
  const build = cmd.redirects.find((r) => r.op.startsWith('>') && BUILD_CONFIG_FILE.test(r.target));
  if (build !== undefined) {
    const insecure = insecureRepository(text, off);
    if (insecure !== null) out.push(`writes ${insecure} into ${build.target}`);
  }
  return out;
}

/**
 * The first mirror of an official registry the file's text names off the list. A name only the
 * operator's network resolves (`nexus.corp`, `10.0.0.5`) is the organisation's own mirror.
 */
function offMirror(file: string, text: string, off: (v: string) => boolean): string | undefined {
  return mirrorSources(file, text).find((u) => off(u) && internalHosts(u, 1).length === 0);
}

/** A registry, index, link source or trusted host off the list in a package-manager config's text. */
function namesOffRegistry(text: string, off: (v: string) => boolean): string | undefined {
  const urls = [
    ...text.matchAll(
      /(?:registry|index-url|npmRegistryServer|find-links|trusted-host)\s*[=:]\s*"?(\S+?)"?(?:\s|$)/gi,
    ),
  ];
  // `trusted-host = HOST` names a host without a scheme
  const hosts = urls.map((u) => {
    const v = u[1] ?? '';
    return /^[a-z][\w+.-]*:\/\//i.test(v) ? v : `https://${v}`;
  });
  const found = hosts.find(off);
  return found === undefined ? undefined : (hostOf(found, true) ?? found);
}

/** A file tool's write of a package-manager config (`Write ~/.config/pip/pip.conf`), its new text. */
function configWrite(args: Record<string, unknown>): string | null {
  const p = args.file_path ?? args.path;
  if (typeof p !== 'string' || !CONFIG_FILE.test(p)) return null;
  return writtenText(args);
}

export const supplyChainDetector: Detector<SupplyParams> = {
  name: 'supply_chain',
  rewrites: () => false,
  parseParams(params, path) {
    const p = checkKeys(params, ['allow'], path);
    return { allow: listParam(p, 'allow', path) ?? [] };
  },
  scan(value, path, ctx, params) {
    const off = (v: string): boolean => {
      // a value naming no host is a local path (`--find-links ./wheels`)
      const host = hostOf(v, true);
      return host !== null && !hostAllowed(host, params.allow, ctx.egressHosts);
    };
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      // a file tool writing the config: the same lines the shell's writes are read for
      const args = value as Record<string, unknown>;
      if (writesPwnRequest(args))
        return [
          {
            path,
            reason: "a pull_request_target workflow that checks out the pull request's head",
          },
        ];
      const file = [args.file_path, args.path, args.target_file].find((v) => typeof v === 'string');
      if (typeof file === 'string' && writesCiDownloadRun(file, args, (t) => ctx.shell(t)))
        return [{ path, reason: 'a CI step that downloads code and runs it' }];
      if (typeof file === 'string' && writesBuildDownloadRun(file, args, (t) => ctx.shell(t)))
        return [{ path, reason: 'a build script that downloads code and runs it' }];
      const onLoad =
        typeof file === 'string' ? loadTimeDownloadRun(file, args, (t) => ctx.shell(t)) : null;
      if (onLoad !== null) return [{ path, reason: onLoad }];
      const dep =
        typeof file === 'string' ? swappedDependency(file, writtenText(args) ?? '', off) : null;
      if (dep !== null) return [{ path, reason: dep }];
      const pins = typeof file === 'string' ? weakensPins(file, args) : null;
      if (pins !== null) return [{ path, reason: pins }];
      const startup =
        typeof file === 'string' ? harmfulStartupWrite(file, args, (t) => ctx.shell(t)) : null;
      if (startup !== null) return [{ path, reason: startup }];
      if (typeof file === 'string' && writesCiSecretsOut(file, args, (t) => ctx.shell(t)))
        return [{ path, reason: 'a CI step that sends every secret to a host' }];
      const unchecked =
        typeof file === 'string' ? verificationOffInFile(file, writtenText(args) ?? '', off) : null;
      if (unchecked !== null) return [{ path, reason: `a config file sets ${unchecked}` }];
      const text = configWrite(args);
      const named = text === null ? undefined : namesOffRegistry(text, off);
      if (named !== undefined)
        return [
          { path, reason: listable(`writes registry ${named} into a package-manager config`) },
        ];
      const mirror =
        typeof file === 'string' && MIRROR_FILE.test(file)
          ? offMirror(file, writtenText(args) ?? '', off)
          : undefined;
      if (mirror !== undefined)
        return [
          { path, reason: listable(`a config replaces the official registry with ${mirror}`) },
        ];
      const alike =
        typeof file === 'string' ? lookalikeRepository(file, writtenText(args) ?? '') : null;
      if (alike !== null)
        return [{ path, reason: `a repository on ${alike}, named like a public registry` }];
      const built =
        typeof file === 'string' && BUILD_CONFIG_FILE.test(file) ? writtenText(args) : null;
      const insecure = built === null ? null : insecureRepository(built, off);
      return insecure === null ? [] : [{ path, reason: `a build file adds ${insecure}` }];
    }
    if (typeof value !== 'string') return [];
    const findings: Finding[] = [];
    for (const cmd of ctx.shell(value).analysis.commands)
      for (const reason of commandProblems(cmd, off)) findings.push({ path, reason });
    return findings;
  },
};
