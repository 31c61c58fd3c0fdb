// Code that runs text it decodes first (docs/guard.md "Interpreter code"): `exec(base64.b64decode('…'))`,
// `eval(Buffer.from('…','base64').toString())`, `Function(atob('…'))`, `eval(Base64.decode64('…'))`,
// `eval decode_base64('…')`, `iex ([Text.Encoding]::UTF8.GetString([Convert]::FromBase64String('…')))`.
// A literal is decoded (bounded) and read again as code of the same language; what cannot be
// decoded here (a variable, base32, a broken literal) is obfuscated execution on its own.
import { inflateRawSync, inflateSync, gunzipSync } from 'node:zlib';
import type { IntentHit } from '../shell/intents.js';

/** Decoded code read again: at most this many bytes (decompressed output included). */
const MAX_DECODED = 64 * 1024;
/** An evaluator, then within one statement a decoder, then the decoder's literal when there is one. */
const RUNS_DECODED =
  /\b(?:exec|eval|Function|compile|instance_eval|runInThisContext|runInNewContext|Invoke-Expression|iex)\b[^;\n]{0,160}?\b(b64decode|urlsafe_b64decode|decodebytes|b32decode|b16decode|unhexlify|fromhex|decode64|strict_decode64|urlsafe_decode64|decode_base64|atob|FromBase64String|Buffer\s*\.\s*from)\s*\(\s*(?:b?(['"])([A-Za-z0-9+/=_\-\s]{1,90000}?)\2(\s*,\s*['"](?:base64|base64url|hex)['"])?)?/gi;
/** Decompression around the decoder: the decoded bytes are compressed code. */
const DECOMPRESS =
  /\b(?:decompress|inflate(?:Sync|Raw(?:Sync)?)?|gunzip(?:Sync)?|Zlib::Inflate)\b/i;

export interface DecodedExec {
  /** Decoded code to read again as the same language. */
  decoded: string[];
  hits: IntentHit[];
}

/** Cheap test before any regex: an evaluator and a decoder word both in the text. */
function mayRunDecoded(code: string): boolean {
  return (
    (code.includes('ex') || code.includes('eval') || code.includes('Function')) &&
    (code.includes('64') ||
      code.includes('atob') ||
      code.includes('hex') ||
      code.includes('Buffer') ||
      code.includes('b16') ||
      code.includes('b32'))
  );
}

function bytesOf(decoder: string, literal: string, encoding: string | undefined): Buffer | null {
  const text = literal.replace(/\s+/g, '');
  const d = decoder.toLowerCase().replace(/\s+/g, '');
  const hex =
    d === 'unhexlify' || d === 'fromhex' || d === 'b16decode' || /hex/i.test(encoding ?? '');
  if (d === 'b32decode' || (d === 'buffer.from' && encoding === undefined)) return null;
  if (hex) return /^(?:[0-9a-fA-F]{2})+$/.test(text) ? Buffer.from(text, 'hex') : null;
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

function inflated(bytes: Buffer): Buffer | null {
  for (const f of [inflateSync, gunzipSync, inflateRawSync]) {
    try {
      return f(bytes, { maxOutputLength: MAX_DECODED });
    } catch {
      // not this format (or larger than the bound): try the next
    }
  }
  return null;
}

/** Control characters other than whitespace, or undecodable bytes: binary, not code to read. */
function binary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12 && c !== 11) || c === 0xfffd)
      return true;
  }
  return false;
}

/** Bytes as code text: UTF-16LE when every other byte is NUL (PowerShell's encoding), else UTF-8. */
function asText(bytes: Buffer): string | null {
  const utf16 = bytes.length > 1 && bytes[1] === 0 && bytes.length % 2 === 0;
  const text = bytes.toString(utf16 ? 'utf16le' : 'utf8').slice(0, MAX_DECODED);
  // code is text: control bytes other than whitespace mean binary, not something to read as code
  return text.length > 0 && !binary(text) ? text : null;
}

/**
 * Decoded code that the code runs, and a `decode_pipe_shell` hit for decoded text it runs that
 * cannot be read here. The code is attacker-controlled: bounded regexes over at most 128 KiB.
 */
export function decodedExec(interpreter: string, code: string): DecodedExec {
  const out: DecodedExec = { decoded: [], hits: [] };
  if (!mayRunDecoded(code)) return out;
  const text = code.slice(0, 128 * 1024);
  for (const m of text.matchAll(RUNS_DECODED)) {
    const [whole, decoder = '', , literal, encoding] = m;
    if (/^buffer/i.test(decoder) && literal !== undefined && encoding === undefined) continue;
    let bytes = literal === undefined ? null : bytesOf(decoder, literal, encoding);
    const around = text.slice(m.index, m.index + whole.length + 200);
    if (bytes !== null && DECOMPRESS.test(around)) bytes = inflated(bytes);
    const decoded = bytes === null ? null : asText(bytes);
    if (decoded === null)
      out.hits.push({
        intent: 'decode_pipe_shell',
        detail: `${interpreter} runs decoded text that cannot be read`,
      });
    else out.decoded.push(decoded);
    if (out.decoded.length + out.hits.length >= 4) break;
  }
  return out;
}
