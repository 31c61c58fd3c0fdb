// Config files that replace a language's official registry with another host, in a file tool's
// write and in the shell's, beside the mirrors and extra repositories developers really configure.
import { describe, expect, it } from 'vitest';
import { callRule } from '../pack-rule.js';

const rule = callRule();
const write = (file_path: string, content: string): Promise<string> =>
  rule('Write', { file_path, content });

const CARGO = (url: string): string =>
  `[source.crates-io]\nreplace-with = "m"\n\n[source.m]\nregistry = "${url}"\n`;
const MAVEN = (url: string): string =>
  `<settings><mirrors><mirror><id>m</id><mirrorOf>central</mirrorOf><url>${url}</url></mirror></mirrors></settings>`;
const NUGET = (url: string): string =>
  `<configuration><packageSources><clear /><add key="feed" value="${url}" /></packageSources></configuration>`;

describe('official registry replaced by a foreign host', () => {
  it.each([
    [
      '/home/dev/rust/a/.cargo/config.toml',
      CARGO('sparse+https://crates-mirror.rs-cdn.net/index/'),
    ],
    ['/home/dev/.cargo/config', CARGO('https://github.com-crates.io/index')],
    ['/home/dev/rust/b/.cargo/config.toml', CARGO('git+https://git.crates-fast.dev/index.git')],
    // a project's own settings (`mvn -s ci/settings.xml`); the user's ~/.m2/settings.xml holds
    // server passwords, so any write to it is held as a credential file's
    [
      '/home/dev/java/core/ci/settings.xml',
      MAVEN('https://maven-central.jcenter-mirror.io/maven2'),
    ],
    ['/home/dev/app/NuGet.Config', NUGET('https://nuget-cache.dotnet-feeds.net/v3/index.json')],
    ['/home/dev/go/go.env', 'GOPROXY=https://goproxy.mod-cdn.org,direct\n'],
  ])('escalates %s', async (file, text) => {
    expect(await write(file, text)).toBe('ca.supply-chain-file');
  });

  it('reads the shell writing the same file', async () => {
    const cmd = `mkdir -p .cargo && cat > .cargo/config.toml <<'EOF'\n${CARGO('sparse+https://crates-mirror.rs-cdn.net/index/')}EOF`;
    expect(await rule('Bash', { command: cmd })).toBe('ca.supply-chain');
  });
});

describe('mirrors and repositories that stay ordinary', () => {
  it.each([
    // the organisation's own mirror on a name only its network resolves
    ['/home/dev/rust/a/.cargo/config.toml', CARGO('sparse+https://cargo.artifacts.corp/index/')],
    [
      '/home/dev/java/core/ci/settings.xml',
      MAVEN('https://nexus.build.internal:8443/repository/maven-public/'),
    ],
    ['/home/dev/java/core/ci/settings.xml', MAVEN('https://repo1.maven.org/maven2')],
    // an extra registry beside crates.io, chosen per dependency: no replacement
    [
      '/home/dev/rust/a/.cargo/config.toml',
      '[registries.acme]\nindex = "sparse+https://crates.acme.dev/index/"\n',
    ],
    [
      '/home/dev/rust/a/.cargo/config.toml',
      '[build]\ntarget-dir = "target"\n[net]\ngit-fetch-with-cli = true\n',
    ],
    // an extra feed beside nuget.org (no `<clear />`)
    [
      '/home/dev/app/NuGet.Config',
      '<configuration><packageSources><add key="nuget.org" value="https://api.nuget.org/v3/index.json" /><add key="acme" value="https://pkgs.dev.azure.com/acme/_packaging/acme/nuget/v3/index.json" /></packageSources></configuration>',
    ],
    [
      '/home/dev/go/go.env',
      'GOPROXY=https://proxy.golang.org,direct\nGOPRIVATE=github.com/acme/*\n',
    ],
  ])('allows %s', async (file, text) => {
    expect(await write(file, text)).toBe('allow');
  });
});
