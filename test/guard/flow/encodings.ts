// Test helper: every outbound encoding of the closed set, applied to a secret, by name.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

const b64 = (b: Buffer): Buffer => Buffer.from(b.toString('base64'));
const b64url = (b: Buffer): Buffer => Buffer.from(b.toString('base64url'));
const hex = (b: Buffer): Buffer => Buffer.from(b.toString('hex'));
const HEX = (b: Buffer): Buffer => Buffer.from(b.toString('hex').toUpperCase());
const url = (b: Buffer): Buffer =>
  Buffer.from([...b].map((x) => `%${x.toString(16).padStart(2, '0')}`).join(''));
const rev = (b: Buffer): Buffer => Buffer.from([...b].reverse());

export const ENCODINGS: Record<string, (b: Buffer) => Buffer> = {
  literal: (b) => b,
  base64: b64,
  base64url: b64url,
  hex,
  'hex-upper': HEX,
  url,
  reversed: rev,
  'base64(base64)': (b) => b64(b64(b)),
  'hex(base64)': (b) => hex(b64(b)),
  'base64(hex)': (b) => b64(hex(b)),
  'url(base64)': (b) => url(b64(b)),
  'base64(url)': (b) => b64(url(b)),
  'url(url)': (b) => url(url(b)),
  'hex(hex)': (b) => hex(hex(b)),
  'base64url(base64)': (b) => b64url(b64(b)),
  'reversed(base64)': (b) => rev(b64(b)),
  'base64(reversed)': (b) => b64(rev(b)),
  'reversed(hex)': (b) => rev(hex(b)),
  'reversed(url)': (b) => rev(url(b)),
  'hex(reversed)': (b) => hex(rev(b)),
  'base64(gzip)': (b) => b64(gzipSync(b)),
  'base64(deflate)': (b) => b64(deflateSync(b)),
  'base64(brotli)': (b) => b64(brotliCompressSync(b)),
  'base64url(gzip)': (b) => b64url(gzipSync(b)),
  'hex(gzip)': (b) => hex(gzipSync(b)),
  'base64(gzip(base64))': (b) => b64(gzipSync(b64(b))),
};
