// Build tools' repository lists pointed at plain http (Gradle, Maven, NuGet, Cargo), by a file tool
// or the shell, beside the repositories developers really add.
import { describe, expect, it } from 'vitest';
import { callRule } from '../pack-rule.js';

const decide = callRule();
const gradle = (file: string, added: string) => ({
  file_path: file,
  old_string: 'repositories {\n    mavenCentral()',
  new_string: `repositories {\n    ${added}\n    mavenCentral()`,
});

describe('build repositories over plain http', () => {
  it('a foreign repository over http or with allowInsecureProtocol is stopped', async () => {
    for (const [tool, args] of [
      [
        'Edit',
        gradle(
          'settings.gradle',
          "maven { url 'http://repo.mvn.example/maven2/'; allowInsecureProtocol = true }",
        ),
      ],
      [
        'Edit',
        gradle(
          'app/build.gradle.kts',
          'maven {\n url = uri("http://artifacts.mirror.example/maven")\n isAllowInsecureProtocol = true\n }',
        ),
      ],
      ['Edit', gradle('build.gradle', 'maven { url repoUrl; allowInsecureProtocol true }')],
      [
        'Write',
        {
          file_path: '/home/dev/.m2/settings.xml',
          content:
            '<settings><mirrors><mirror><id>m</id><mirrorOf>*</mirrorOf><url>http://maven.mirror.example/repo</url></mirror></mirrors></settings>',
        },
      ],
      [
        'Write',
        {
          file_path: 'NuGet.config',
          content:
            '<configuration><packageSources><add key="m" value="http://nuget.mirror.example/v3/index.json" /></packageSources></configuration>',
        },
      ],
      [
        'Bash',
        { command: 'echo "maven { url \'http://repo.mirror.example/m2\' }" >> build.gradle' },
      ],
      [
        'Bash',
        {
          command:
            'echo \'registry = "sparse+http://crates.mirror.example/index/"\' >> ~/.cargo/config.toml',
        },
      ],
    ] as const)
      expect(await decide(tool, args), JSON.stringify(args)).not.toBe('allow');
  });

  it('https repositories, dependencies and a local repository manager pass', async () => {
    for (const [tool, args] of [
      ['Edit', gradle('settings.gradle', "maven { url 'https://jitpack.io' }")],
      [
        'Edit',
        gradle(
          'build.gradle',
          "maven { url 'http://localhost:8081/repository/maven-public/'; allowInsecureProtocol = true }",
        ),
      ],
      [
        'Edit',
        {
          file_path: 'build.gradle',
          old_string: 'dependencies {',
          new_string: "dependencies {\n    implementation 'com.squareup.okhttp3:okhttp:4.12.0'",
        },
      ],
      [
        'Write',
        {
          file_path: 'pom.xml',
          content:
            '<project xmlns="http://maven.apache.org/POM/4.0.0"><url>http://www.example.com</url></project>',
        },
      ],
    ] as const)
      expect(await decide(tool, args), JSON.stringify(args)).toBe('allow');
  });
});
