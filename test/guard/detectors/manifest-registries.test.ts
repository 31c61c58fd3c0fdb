// A manifest edit that moves a dependency, or every dependency, to another host is held: Dart's
// `hosted:`, Composer `repositories`, pyproject indexes, Cargo `registry-index`, git sources in
// mix.exs and Package.swift, an owner swapped on a code hub, and the same through `PUB_HOSTED_URL`
// or `dart pub add --hosted-url`. Version bumps, official registries, the project's hub
// repositories and links that are not package sources pass.
import { describe, expect, it } from 'vitest';
import { bashRule, callRule } from '../pack-rule.js';

const edit = callRule('/home/dev/app');
const bash = bashRule('/home/dev/app');
const e = (file: string, old: string, now: string): Record<string, unknown> => ({
  file_path: `/home/dev/app/${file}`,
  old_string: old,
  new_string: now,
});

const HELD: Record<string, unknown>[] = [
  e(
    'pubspec.yaml',
    '  http: ^1.2.1',
    '  http:\n    hosted: https://pub.dart-packages.io\n    version: ^1.2.1',
  ),
  e(
    'pubspec.yaml',
    '  http: ^1.2.1',
    '  http:\n    hosted:\n      name: http\n      url: https://pub.dart-packages.io\n    version: ^1.2.1',
  ),
  e(
    'pubspec.yaml',
    '  dio: ^5.4.0',
    '  dio:\n    git:\n      url: https://git.dart-mirror.io/dio.git',
  ),
  e(
    'composer.json',
    '"require": {',
    '"repositories": [{"type": "composer", "url": "https://repo.php-packages.io"}],\n  "require": {',
  ),
  e(
    'pyproject.toml',
    '[tool.poetry.dependencies]',
    '[[tool.poetry.source]]\nname = "main"\nurl = "https://pypi.py-index.io/simple"\npriority = "primary"\n\n[tool.poetry.dependencies]',
  ),
  e(
    'pyproject.toml',
    '[tool.uv]',
    '[tool.uv]\nindex-url = "https://pypi-mirror.example.net/simple"',
  ),
  e(
    'Cargo.toml',
    'serde = "1"',
    'serde = { version = "1", registry-index = "sparse+https://crates.rs-index.io/" }',
  ),
  e(
    'mix.exs',
    '{:jason, "~> 1.4"}',
    '{:jason, git: "https://git.elixir-pkgs.io/jason.git", tag: "v1.4.1"}',
  ),
  e(
    'Package.swift',
    '.package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.8.0")',
    '.package(url: "https://swift-pkgs.example.io/Alamofire.git", from: "5.8.0")',
  ),
  e(
    'Package.swift',
    '.package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.8.0")',
    '.package(url: "https://github.com/alamofire-dev/Alamofire.git", from: "5.8.0")',
  ),
  e(
    'build.gradle',
    "implementation 'com.github.square:okhttp:4.12.0'\n// https://github.com/square/okhttp",
    "implementation 'com.github.sq-mirror:okhttp:4.12.0'\n// https://github.com/sq-mirror/okhttp",
  ),
];

const PASSES: Record<string, unknown>[] = [
  e('pubspec.yaml', '  http: ^1.2.1', '  http: ^1.2.2'),
  e('pubspec.yaml', '  http: ^1.2.1', '  http:\n    hosted: https://pub.dev\n    version: ^1.2.1'),
  e(
    'pubspec.yaml',
    'dependencies:',
    'dependencies:\n  shared:\n    git:\n      url: https://github.com/acme/shared.git',
  ),
  e('pubspec.yaml', 'name: app', 'name: app\nhomepage: https://acme.dev/app'),
  e(
    'composer.json',
    '"require": {',
    '"repositories": [{"type": "vcs", "url": "https://github.com/acme/laravel-utils"}],\n  "require": {',
  ),
  e('composer.json', '"homepage": "x"', '"homepage": "https://acme.dev"'),
  e(
    'pyproject.toml',
    '[[tool.uv.index]]\nname = "pytorch"',
    '[[tool.uv.index]]\nname = "pytorch"\nurl = "https://download.pytorch.org/whl/cpu"',
  ),
  e(
    'pyproject.toml',
    '[[tool.poetry.source]]\nname = "corp"',
    '[[tool.poetry.source]]\nname = "corp"\nurl = "https://nexus.corp.internal/simple"',
  ),
  e(
    'pyproject.toml',
    '[tool.poetry.dependencies]',
    '[[tool.poetry.source]]\nname = "acme-internal"\nurl = "https://nexus.acme-corp.net/repository/pypi-internal/simple"\npriority = "supplemental"\n\n[tool.poetry.dependencies]',
  ),
  e('pyproject.toml', '[project.urls]', '[project.urls]\nHomepage = "https://acme.dev"'),
  e('Cargo.toml', 'serde = "1"', 'serde = { version = "1.0.200", features = ["derive"] }'),
  e('mix.exs', '{:jason, "~> 1.4"}', '{:jason, "~> 1.4"},\n      {:plug_cowboy, "~> 2.7"}'),
  e(
    'Package.swift',
    '.package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.8.0")',
    '.package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.9.1")',
  ),
  e(
    'Package.swift',
    '.package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.8.0")',
    '.package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.8.0"),\n.package(url: "https://github.com/apple/swift-log.git", from: "1.5.0")',
  ),
];

const HELD_COMMANDS = [
  'export PUB_HOSTED_URL=https://pub.dart-packages.io && flutter pub get',
  'dart pub add http --hosted-url=https://pub.dart-packages.io',
  'dart pub add http --hosted-url https://pub.dart-packages.io',
  `flutter pub add 'http:{hosted: https://pub.dart-packages.io}'`,
  'export HEX_MIRROR=https://hex.mirror-pkgs.io && mix deps.get',
];

const PASSING_COMMANDS = [
  'export PUB_HOSTED_URL=https://pub.dev && flutter pub get',
  'dart pub add http',
  'flutter pub add provider',
  'dart pub add http --hosted-url https://pub.dev',
  'export HEX_MIRROR=https://repo.hex.pm && mix deps.get',
];

describe('manifests that move where packages come from', () => {
  it.each(HELD)('%o is held', async (a) => {
    expect(await edit('Edit', a)).toBe('ca.supply-chain-file');
  });
  it.each(PASSES)('%o passes', async (a) => {
    expect(await edit('Edit', a)).toBe('allow');
  });
  it.each(HELD_COMMANDS)('%s is held', async (c) => {
    expect(await bash(c)).toBe('ca.supply-chain');
  });
  it.each(PASSING_COMMANDS)('%s passes', async (c) => {
    expect(await bash(c)).toBe('allow');
  });
});
