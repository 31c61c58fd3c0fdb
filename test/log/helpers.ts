// Shared setup for log/ suites: keys, temp dirs, real hono servers on 127.0.0.1:0.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import {
  cosigner,
  ed25519Signer,
  ed25519Verifier,
  type Cosigner,
  type Ed25519NoteSigner,
  type NoteVerifier,
} from '../../log/index.js';

export function tempDir(prefix = 'mesh-log-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface LogKey {
  origin: string;
  signer: Ed25519NoteSigner;
  verifier: NoteVerifier;
  keys: Map<string, NoteVerifier[]>;
}

export function logKey(origin = 'example.com/test-log', seed = randomBytes(32)): LogKey {
  const signer = ed25519Signer(origin, seed);
  const verifier = ed25519Verifier(origin, signer.publicKey);
  return { origin, signer, verifier, keys: new Map([[origin, [verifier]]]) };
}

export function witnessKey(name = 'witness.example/w1', now?: () => number): Cosigner {
  return cosigner(name, randomBytes(32), now);
}

export interface Served {
  url: string;
  close(): Promise<void>;
}

export function serveApp(app: Hono): Promise<Served> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((r) => {
            server.close(() => {
              r();
            });
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
  });
}

export const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Flips one bit inside the signature bytes (after the key ID) of a note's last signature line. */
export function tamperLastSignature(note: string): string {
  const lines = note.split('\n');
  const i = lines.length - 2;
  const line = lines[i] ?? '';
  const at = line.lastIndexOf(' ');
  const blob = Buffer.from(line.slice(at + 1), 'base64');
  blob[10] = (blob[10] ?? 0) ^ 0x01;
  lines[i] = `${line.slice(0, at + 1)}${blob.toString('base64')}`;
  return lines.join('\n');
}
