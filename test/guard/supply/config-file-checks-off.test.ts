// Config files written with a package manager's signature or TLS check switched off, or trusting a
// foreign cache's key, beside the same files written with the checks on; and a user's Gradle init
// script that points every build at a foreign repository.
import { describe, expect, it } from 'vitest';
import { callRule } from '../pack-rule.js';
import { verificationOffInFile } from '../../../guard/detectors/signature-off-files.js';

const rule = callRule('/home/dev/app');
const write = (file_path: string, content: string): Promise<string> =>
  rule('Write', { file_path, content });
const bash = (command: string): Promise<string> => rule('Bash', { command });

describe('checks switched off in a written config', () => {
  it.each([
    [
      '/home/dev/.config/nix/nix.conf',
      'substituters = https://cache.nixos.org\nrequire-sigs = false\n',
    ],
    [
      '/home/dev/.config/nix/nix.conf',
      'extra-substituters = https://bin.fastnix.dev\nextra-trusted-public-keys = bin.fastnix.dev-1:AAAA=\n',
    ],
    ['/home/dev/web/.npmrc', 'strict-ssl=false\n'],
    ['/home/dev/app/.npmrc', 'registry=https://registry.npmjs.org/\nstrict-ssl = 0\n'],
    ['/home/dev/app/.yarnrc.yml', 'nodeLinker: node-modules\nenableStrictSsl: false\n'],
    ['/home/dev/app/composer.json', '{"name":"acme/app","config":{"secure-http": false}}'],
    ['/home/dev/app/composer.json', '{"config":{"disable-tls": true}}'],
    [
      '/home/dev/app/NuGet.config',
      '<configuration><config><add key="signatureValidationMode" value="accept" /></config></configuration>',
    ],
    ['/home/dev/app/go.env', 'GOINSECURE=*\n'],
    ['/home/dev/.config/go/env', 'GOSUMDB=off\n'],
    ['/home/dev/.condarc', 'channels:\n  - defaults\nssl_verify: false\n'],
  ])('holds %s', async (file, text) => {
    expect(await write(file, text)).toBe('ca.supply-chain-file');
  });

  it.each([
    "printf 'require-sigs = false\\n' >> ~/.config/nix/nix.conf",
    "echo 'strict-ssl=false' >> ~/.npmrc",
    "cat > .yarnrc.yml <<'EOF'\nenableStrictSsl: false\nEOF",
    "echo 'GOSUMDB=off' > go.env",
  ])('holds the shell writing one: %s', async (cmd) => {
    expect(await bash(cmd)).not.toBe('allow');
  });

  it.each([
    ['/etc/apt/apt.conf.d/99insecure', 'Acquire::AllowInsecureRepositories "true";\n'],
    ['/etc/yum.repos.d/fast.repo', '[fast]\nbaseurl=https://rpm.fastmirror.io/el9\ngpgcheck=0\n'],
  ])('holds a system package config %s', async (file, text) => {
    expect(await write(file, text)).not.toBe('allow');
  });
});

describe('the same configs with the checks on', () => {
  it.each([
    [
      '/home/dev/.config/nix/nix.conf',
      'experimental-features = nix-command flakes\nextra-substituters = https://nix-community.cachix.org\nextra-trusted-public-keys = nix-community.cachix.org-1:mB9FSh9qf2dCimDSUo8Zy7bkq5CX+/rkCWyvRCYg3Fs=\n',
    ],
    [
      '/home/dev/.config/nix/nix.conf',
      'experimental-features = nix-command flakes\nrequire-sigs = true\n',
    ],
    ['/home/dev/app/.npmrc', 'save-exact=true\nengine-strict=true\n'],
    ['/home/dev/app/.yarnrc.yml', 'nodeLinker: node-modules\nenableStrictSsl: true\n'],
    ['/home/dev/app/composer.json', '{"config":{"secure-http": true,"sort-packages": true}}'],
    [
      '/home/dev/app/NuGet.config',
      '<configuration><config><add key="signatureValidationMode" value="require" /></config></configuration>',
    ],
    ['/home/dev/app/go.env', 'GOTOOLCHAIN=auto\nGOPRIVATE=github.com/acme/*\n'],
  ])('allows %s', async (file, text) => {
    expect(await write(file, text)).toBe('allow');
  });
});

const INIT = (url: string): string =>
  `allprojects {\n  repositories {\n    maven { url '${url}'; allowInsecureProtocol = true }\n  }\n}\n`;

describe("a user's Gradle init script", () => {
  it.each([
    ['/home/dev/.gradle/init.d/repos.gradle', INIT('https://repo.maven-central.cc/releases')],
    [
      '/home/dev/.gradle/init.gradle.kts',
      'allprojects { repositories { maven { url = uri("https://maven.artifacts-cdn.io/public") } } }\n',
    ],
    [
      'C:\\Users\\dev\\.gradle\\init.d\\mirror.gradle',
      'allprojects { repositories { maven { setUrl("https://jcenter.mirrorhub.cc/") } } }\n',
    ],
  ])('holds %s pointing builds at a foreign host', async (file, text) => {
    expect(await write(file, text)).toBe('ca.supply-chain-file');
  });

  it('holds the shell writing one', async () => {
    const cmd = `cat > ~/.gradle/init.d/repos.gradle <<'EOF'\n${INIT('https://repo.maven-central.cc/releases')}EOF`;
    expect(await bash(cmd)).not.toBe('allow');
  });

  it.each([
    'allprojects { repositories { mavenCentral(); gradlePluginPortal() } }\n',
    "allprojects { repositories { maven { url 'https://nexus.internal/repository/maven-public/' } } }\n",
    "allprojects { repositories { maven { url 'https://plugins.gradle.org/m2/' } } }\n",
  ])('allows official or internal repositories: %s', async (text) => {
    expect(await write('/home/dev/.gradle/init.d/repos.gradle', text)).toBe('allow');
  });
});

describe('git config files, which are persistence paths of their own', () => {
  const off = (): boolean => true;
  it.each(['/home/dev/.gitconfig', '/home/dev/app/.git/config', '/home/dev/.config/git/config'])(
    'reads sslVerify = false in %s',
    (file) => {
      expect(verificationOffInFile(file, '[http]\n\tsslVerify = false\n', off)).not.toBeNull();
      expect(verificationOffInFile(file, '[http]\n\tsslVerify = true\n', off)).toBeNull();
    },
  );
});
