// A build file or package-manager config listing a repository on a host named like a public
// registry it is not, beside registries' own hosts and an organisation's own repositories.
import { describe, expect, it } from 'vitest';
import { callRule } from '../pack-rule.js';

const rule = callRule();
const edit = (file_path: string, new_string: string): Promise<string> =>
  rule('Edit', { file_path, old_string: 'repositories {', new_string });
const write = (file_path: string, content: string): Promise<string> =>
  rule('Write', { file_path, content });

const GRADLE = (url: string): string =>
  `repositories {\n        maven { url = uri("${url}") }\n        google()\n        mavenCentral()`;

describe('a repository on a look-alike registry name', () => {
  it.each([
    [
      '/home/dev/android/settings.gradle.kts',
      GRADLE('https://repo.maven-central-cache.com/releases'),
    ],
    [
      '/home/dev/app/build.gradle',
      "repositories {\n    maven { url 'https://mvncentral-mirror.net/maven2' }\n    mavenCentral()",
    ],
    ['/home/dev/app/build.gradle.kts', GRADLE('https://plugins.gradle-cdn.org/m2')],
  ])('holds an Edit of %s', async (file, text) => {
    expect(await edit(file, text)).toBe('ca.supply-chain-file');
  });

  it.each([
    [
      '/home/dev/java/pom.xml',
      '<project><repositories><repository><id>c</id><url>https://repo1.maven-central.io/maven2</url></repository></repositories></project>',
    ],
    ['/home/dev/web/.npmrc', 'registry=https://registry.npmjs-mirror.com/\n'],
    ['/home/dev/py/pip.conf', '[global]\nextra-index-url = https://pypi-files.org/simple\n'],
    [
      '/home/dev/py/requirements.txt',
      '--extra-index-url https://pythonhosted-cdn.net/simple\nrequests==2.32.3\n',
    ],
    [
      '/home/dev/dotnet/NuGet.config',
      '<configuration><packageSources><add key="n" value="https://api.nuget-packages.net/v3/index.json" /></packageSources></configuration>',
    ],
    ['/home/dev/rb/Gemfile', "source 'https://rubygems-mirror.org'\ngem 'rails'\n"],
  ])('holds a Write of %s', async (file, text) => {
    expect(await write(file, text)).not.toBe('allow');
  });
});

describe("registries and an organisation's own hosts", () => {
  it.each([
    ['/home/dev/android/settings.gradle.kts', GRADLE('https://jitpack.io')],
    ['/home/dev/android/settings.gradle.kts', GRADLE('https://maven.acme.com/releases')],
    [
      '/home/dev/android/settings.gradle.kts',
      GRADLE('https://acme.jfrog.io/artifactory/maven-remote'),
    ],
    ['/home/dev/android/settings.gradle.kts', GRADLE('https://repo.maven.apache.org/maven2')],
    [
      '/home/dev/android/settings.gradle.kts',
      GRADLE('https://oss.sonatype.org/content/repositories/snapshots'),
    ],
    [
      '/home/dev/android/build.gradle.kts',
      GRADLE('https://maven.pkg.jetbrains.space/public/p/compose/dev'),
    ],
    [
      '/home/dev/android/build.gradle.kts',
      GRADLE('https://nexus.build.acme.co.uk/repository/npm-public'),
    ],
  ])('allows an Edit of %s naming %s', async (file, text) => {
    expect(await edit(file, text)).toBe('allow');
  });

  it('allows a README naming a look-alike host', async () => {
    expect(
      await write('/home/dev/app/README.md', 'Do not use https://repo.maven-central-cache.com\n'),
    ).toBe('allow');
  });
});
