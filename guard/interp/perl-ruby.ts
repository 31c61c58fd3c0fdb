// Perl and Ruby by their common destructive, exec and network calls (no grammar ships for them here).
import type { CodeEffects } from './code-effects.js';
import { isCatastrophicTarget, isPersistencePath, normalizePath } from '../sensitive-paths.js';

const Q = String.raw`(?:'([^']*)'|"([^"]*)")`;
const HOME = /^(?:\$ENV\{HOME\}|ENV\[['"]HOME['"]\]|Dir\.home|File\.expand_path\(['"]~['"]\))$/;
const DELETE = new RegExp(
  String.raw`\b(?:remove_tree|rmtree|rm_rf|rm_r|remove_dir|rm)\s*\(?\s*(?:${Q}|(\$ENV\{HOME\}|ENV\[['"]HOME['"]\]|Dir\.home|File\.expand_path\(['"]~['"]\)))`,
  'g',
);
const SHELL = new RegExp(
  String.raw`\b(?:system|exec|%x|IO\.popen|Open3\.capture[23e]?|spawn)\s*[({]?\s*${Q}`,
  'g',
);
const BACKTICK = /`([^`]{1,4096})`/g;
const NET =
  /\b(?:Net::HTTP|LWP::UserAgent|HTTP::Tiny|IO::Socket::INET|TCPSocket\.new|URI\.open|open-uri)\b/;

/** Effects of Perl (`perl -e`) or Ruby (`ruby -e`) code; null for other interpreters. */
export function perlRubyEffects(interpreter: string, code: string): CodeEffects | null {
  if (interpreter !== 'perl' && interpreter !== 'ruby') return null;
  const out: CodeEffects = { shell: [], argvs: [], hits: [] };
  // attacker-controlled code: scanned by bounded regexes only
  const text = code.slice(0, 64 * 1024);
  for (const m of text.matchAll(DELETE)) {
    const raw = m[1] ?? m[2] ?? m[3] ?? '';
    const t = HOME.test(raw) ? '~' : raw;
    if (isCatastrophicTarget(t) || isPersistencePath(t))
      out.hits.push({
        intent: 'destructive_delete',
        detail: `${interpreter} deletes ${normalizePath(t)}`,
      });
  }
  for (const m of text.matchAll(SHELL)) out.shell.push(m[1] ?? m[2] ?? '');
  for (const m of text.matchAll(BACKTICK)) out.shell.push(m[1] ?? '');
  if (NET.test(text))
    out.hits.push({ intent: 'network', detail: `${interpreter} network call`, hosts: [] });
  return out;
}
