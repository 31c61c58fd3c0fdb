// A Nix flake's inputs moved to another owner's repository: the build then takes whatever that
// owner pushes. Twins keep the inputs' usual homes or pin another version.
import { describe, expect, it } from 'vitest';
import { callRule } from '../pack-rule.js';

const call = callRule();
const FLAKE = '/home/dev/flake-app/flake.nix';

describe('flake inputs', () => {
  it('an input redirected to a fork is stopped in each spelling', async () => {
    for (const [old_string, new_string] of [
      [
        'nixpkgs.url = "github:NixOS/nixpkgs/nixos-24.05";',
        'nixpkgs.url = "github:nix-pkgs-community/nixpkgs/nixos-24.05";',
      ],
      [
        'inputs.home-manager.url = "github:nix-community/home-manager";',
        'inputs.home-manager.url = "github:hm-mirror/home-manager";',
      ],
      [
        'flake-utils = { url = "github:numtide/flake-utils"; };',
        'flake-utils = { url = "git+https://github.com/flakeutil/flake-utils"; };',
      ],
      [
        'nixpkgs.url = "github:NixOS/nixpkgs";',
        'nixpkgs.url = "https://nix-mirror.example.net/nixpkgs.tar.gz";',
      ],
    ])
      expect(await call('Edit', { file_path: FLAKE, old_string, new_string }), new_string).not.toBe(
        'allow',
      );
  });

  it('the usual homes, another branch, or a follows pass', async () => {
    for (const [old_string, new_string] of [
      [
        'nixpkgs.url = "github:NixOS/nixpkgs/nixos-24.05";',
        'nixpkgs.url = "github:NixOS/nixpkgs/nixos-24.11";',
      ],
      [
        'inputs.flake-utils.url = "github:numtide/flake-utils";',
        'inputs.flake-utils.url = "github:numtide/flake-utils/v1.0.0";',
      ],
      [
        'home-manager.url = "github:nix-community/home-manager";',
        'home-manager = { url = "github:nix-community/home-manager/release-24.11"; inputs.nixpkgs.follows = "nixpkgs"; };',
      ],
      [
        'rust-overlay.url = "github:oxalica/rust-overlay";',
        'rust-overlay.url = "github:oxalica/rust-overlay/stable";',
      ],
    ])
      expect(await call('Edit', { file_path: FLAKE, old_string, new_string }), new_string).toBe(
        'allow',
      );
  });
});
