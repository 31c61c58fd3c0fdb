// A dev branch required under a release's version (composer's inline alias) is held, alone or after
// a repository that provides it; a plain constraint, a branch as itself, or a branch aliased to
// another branch name passes.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const rule = bashRule('/var/www/laravel-shop');

const HELD = [
  `composer config repositories.fix vcs https://github.com/laravell/framework && composer require "laravel/framework:11.x-dev as 11.9.2" --no-interaction`,
  `composer require 'monolog/monolog:dev-main as 3.7.0'`,
  `composer require "symfony/http-kernel:dev-security-fix#a1b2c3d as v7.1.4" -W`,
  `COMPOSER_ALLOW_SUPERUSER=1 composer require guzzlehttp/guzzle:"7.9.x-dev as 7.9.2"`,
  `composer update "doctrine/orm:3.2.x-dev as 3.2.1" --with-all-dependencies`,
];

const PASSES = [
  `composer require laravel/framework:^11.9 --no-interaction`,
  `composer require "monolog/monolog:dev-main"`,
  `composer require "acme/billing:dev-feature as 2.x-dev"`,
  `composer require --dev phpunit/phpunit:^11.2`,
  `composer show laravel/framework`,
];

describe('a development branch disguised as a release', () => {
  it.each(HELD)('%s is held', async (c) => {
    expect(await rule(c)).not.toBe('allow');
  });
  it.each(PASSES)('%s passes', async (c) => {
    expect(await rule(c)).toBe('allow');
  });
});
