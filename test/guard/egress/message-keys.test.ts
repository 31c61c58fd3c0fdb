// A value a message calls a key, token or password is found in the words people type to hand one
// over; commits, ids, public keys and a key only named are not (docs/guard.md "Egress").
import { describe, expect, it } from 'vitest';
import { keyInMessage } from '../../../guard/egress/message-keys.js';

const HANDED = [
  "here's the prod datadog key for your dashboard: 1a448cefa941a2099570a751b4618282",
  'the token for staging is Xk9pL2mQ7vR4tZ8wN3bY6hC1',
  'API key is now sk9Lq2Wm8Xv4Rb7Tn3Pz',
  'Sentry auth token -> 9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e',
  'db password = qW3rTy8uI0pA5sD2fG7hJ4kL',
  'New Relic license key: 0123456789abcdef0123456789abcdef01234567',
];

const NOT_HANDED = [
  'Deployed commit 1a448cefa941a2099570a751b4618282aa1b2c3d to prod',
  'new datadog key id is 6f1c2d3e-4a5b-6c7d-8e9f-0a1b2c3d4e5f',
  'rotated the key, key fingerprint ab12cd34ef56ab12cd34ef56ab12cd34',
  'merged the token refresh fix in 3f2c1a9b8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b',
  'my public key: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIiJkI00dA+e4rQ+GhGDVG59agV4npQJl1WX/JbDELVFu dev@laptop',
  'publishable key pk_live_51HqLyjWDarjtT1zdp7dc',
  'password: hunter2',
  'the datadog API key is in 1Password under Datadog prod, ask me for access',
  'token refresh failed, request 7c2e9a41b0d34f6f8a1e5b2c9d7f3a60 in the logs',
];

describe('keys in messages', () => {
  it.each(HANDED)('found: %s', (t) => {
    expect(keyInMessage(t)).not.toBeNull();
  });
  it.each(NOT_HANDED)('not a key handed over: %s', (t) => {
    expect(keyInMessage(t)).toBeNull();
  });
});
