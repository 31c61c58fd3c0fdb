// Perl and Ruby by their common destructive, exec and network calls (no grammar ships for them here).
import type { CodeEffects } from './code-effects.js';
import { isCatastrophicTarget, isPersistencePath, normalizePath } from '../sensitive-paths.js';
import { rubyHomeEffects } from './ruby-home-paths.js';
import { furtherPaths } from './perl-path-lists.js';

const Q = String.raw`(?:'([^']*)'|"([^"]*)")`;
const HOME = /^(?:\$ENV\{HOME\}|ENV\[['"]HOME['"]\]|Dir\.home|File\.expand_path\(['"]~['"]\))$/;
/** Ruby expressions that list or wrap the deleted path given as a string: `Dir.glob("/x/*")`, `Dir["/x/*"]`. */
const LISTED = String.raw`(?:(?:Dir\.glob|Pathname(?:\.new)?)\s*\(\s*|Dir\[\s*)?`;
/** Ruby: a delete of everything a glob lists straight under home (`Dir.glob(File.join(Dir.home, "*"))`). */
const HOME_GLOB_DELETE =
  /\b(?:rm_rf|rm_r|remove_dir|rm)\s*\(?\s*Dir(?:\.glob\s*\(|\[)\s*File\.join\s*\(\s*(?:Dir\.home|ENV\[['"]HOME['"]\])\s*,\s*['"](?:\*|\{\*)/;
/**
 * A delete call (not its name quoted in an import list: `use File::Path "remove_tree"`), bare or
 * as `File::Path::rmtree`, with its first target (the rest: guard/interp/perl-path-lists.ts).
 */
const DELETE = new RegExp(
  String.raw`(?:(?<![\w"'$:])|(?<=\bFile::Path::))(?:remove_tree|rmtree|rm_rf|rm_r|remove_dir|remove_entry(?:_secure)?|rm|unlink\s*\(?\s*glob)\s*\(?\s*\[?\s*(?:${LISTED}${Q}|(\$ENV\{HOME\}|ENV\[['"]HOME['"]\]|Dir\.home|File\.expand_path\(['"]~['"]\)))`,
  'g',
);
/**
 * Perl File::Find walking a tree with a callback (`sub {...}` or `\&wanted`) and a start folder:
 * `finddepth(sub { unlink $_ }, $ENV{HOME})` deletes what the walk visits.
 */
const FIND_WALK = new RegExp(
  String.raw`\b(?:File::Find::)?(?:finddepth|find)\s*\(\s*(sub\s*\{[\s\S]{0,2048}?\}|\{[\s\S]{0,2048}?\}|\\&[\w:]{1,64})\s*,\s*(?:${Q}|(\$ENV\{['"]?HOME['"]?\}))`,
  'g',
);
/** A delete inside a File::Find callback (or anywhere, for a callback named by reference). */
const WALK_DELETE = /\b(?:unlink|rmdir|remove_tree|rmtree)\b/;

/** Home written inside a Perl or Ruby string: `$ENV{HOME}/x`, `#{Dir.home}/x`, `#{ENV['HOME']}`. */
const HOME_IN_STRING =
  /^(?:\$ENV\{['"]?HOME['"]?\}|\$HOME|#\{(?:Dir\.home|ENV\[['"]HOME['"]\])\})(?=\/|$)/;
const SHELL = new RegExp(
  String.raw`\b(?:system|exec|%x|IO\.popen|Open3\.capture[23e]?|spawn)\s*[({]?\s*${Q}`,
  'g',
);
const BACKTICK = /`([^`]{1,4096})`/g;
const NET =
  /\b(?:Net::HTTP|LWP::UserAgent|HTTP::Tiny|IO::Socket::INET|TCPSocket\.new|URI\.open|open-uri)\b/;

/** A send: an HTTP method with a body (`->post`, `Net::HTTP.post`, `Net::HTTP::Put`), or a socket written to. */
const SENDS =
  /->\s*(?:post|put|patch|send|print|syswrite)\b|->\s*request\s*\(\s*['"](?:POST|PUT|PATCH)|HTTP::Request->new\(\s*['"]?(?:POST|PUT|PATCH)|\b(?:POST|PUT)\s*\(\s*['"]?https?:|Net::HTTP(?:::|\.)(?:Post|Put|Patch|post|put|patch|post_form)\b|\.(?:post|put|patch|post_form|send_request|request_post|request_put)\s*\(|\.body\s*=|\bprint\s*\{?\s*\$\w+\s*\}?\s+[^;]|\.(?:write|puts|print|send)\s*\(/;
/** Hosts a Perl or Ruby network call names: a URL, `PeerAddr => 'h'`, `TCPSocket.new('h'`, `Net::HTTP.new('h'`. */
const NET_HOST =
  /\bhttps?:\/\/([A-Za-z0-9.-]+)|PeerAddr\s*=>\s*['"]([A-Za-z0-9.-]+)|(?:TCPSocket\.new|Net::HTTP\.(?:new|start))\s*\(?\s*['"]([A-Za-z0-9.-]+)/g;

/** Perl: the whole `%ENV` (not `keys %ENV`), or each name's value looked up in a loop over the names. */
const PERL_ENV =
  /(?<!\bkeys\s{0,4}\\?)%ENV\b|\bkeys\s*\(?\s*%ENV\b[\s\S]{0,200}\$ENV\{\s*\$|\$ENV\{\s*\$[\s\S]{0,200}\bkeys\s*\(?\s*%ENV\b/;
const PERL_OUT = /\b(?:print|say|printf|warn|die|syswrite|Dumper|send)\b/;
/** Ruby: `ENV` itself or a method that keeps its values (not `ENV["X"]`, `ENV.fetch`, `ENV.keys`). */
const RUBY_ENV =
  /\bENV\s*\.\s*(?:to_h|to_hash|to_a|to_s|inspect|each|each_pair|map|collect|sort|sort_by|select|filter|filter_map|reject|dup|clone|values|each_with_object|reduce|inject|to_json)\b|(?:^|[\s;({])(?:p|pp|puts|print|JSON\.(?:dump|generate))[\s(]+ENV\b(?!\s*[[.])|\bENV\.keys\b[\s\S]{0,200}\bENV\[\s*[a-z_]/;
const RUBY_OUT =
  /(?:^|[\s;({])(?:puts|print|pp?|warn|printf)\b|\b(?:\$stdout|\$stderr|STDOUT|STDERR)\.(?:write|puts|print)\b/;

/** Effects of Perl (`perl -e`) or Ruby (`ruby -e`) code; null for other interpreters. */
export function perlRubyEffects(interpreter: string, code: string): CodeEffects | null {
  if (interpreter !== 'perl' && interpreter !== 'ruby') return null;
  const out: CodeEffects = { shell: [], argvs: [], hits: [] };
  // attacker-controlled code: scanned by bounded regexes only
  const text = code.slice(0, 64 * 1024);
  for (const m of text.matchAll(DELETE)) {
    const first = m[1] ?? m[2] ?? m[3] ?? '';
    for (const path of [first, ...furtherPaths(text, m.index + m[0].length)]) {
      const raw = path.replace(HOME_IN_STRING, '~');
      const t = HOME.test(raw) ? '~' : raw;
      if (isCatastrophicTarget(t) || isPersistencePath(t))
        out.hits.push({
          intent: 'destructive_delete',
          detail: `${interpreter} deletes ${normalizePath(t)}`,
        });
    }
  }
  if (interpreter === 'ruby' && HOME_GLOB_DELETE.test(text))
    out.hits.push({ intent: 'destructive_delete', detail: 'ruby deletes everything in ~' });
  if (interpreter === 'ruby') out.hits.push(...rubyHomeEffects(text));
  for (const m of text.matchAll(FIND_WALK)) {
    const callback = m[1] ?? '';
    if (interpreter !== 'perl' || !WALK_DELETE.test(callback.startsWith('\\&') ? text : callback))
      continue;
    const raw = (m[2] ?? m[3] ?? m[4] ?? '').replace(HOME_IN_STRING, '~');
    const t = /^\$ENV\{/.test(raw) ? '~' : raw;
    if (isCatastrophicTarget(t) || isPersistencePath(t))
      out.hits.push({
        intent: 'destructive_delete',
        detail: `perl File::Find deletes under ${normalizePath(t)}`,
      });
  }
  for (const m of text.matchAll(SHELL)) out.shell.push(m[1] ?? m[2] ?? '');
  for (const m of text.matchAll(BACKTICK)) out.shell.push(m[1] ?? '');
  const net = NET.test(text);
  if (net) {
    // a request that carries a body, or a raw socket written to, sends data: an upload
    const upload = SENDS.test(text);
    const hosts = [...text.matchAll(NET_HOST)].map((h) =>
      (h[1] ?? h[2] ?? h[3] ?? '').toLowerCase(),
    );
    out.hits.push({
      intent: upload ? 'upload' : 'network',
      detail: `${interpreter} network call${upload ? ' that sends data' : ''}`,
      hosts: hosts.filter((h) => h !== ''),
    });
  }
  const [env, shown] = interpreter === 'perl' ? [PERL_ENV, PERL_OUT] : [RUBY_ENV, RUBY_OUT];
  // the environment's values printed to the agent or sent: a credential read
  if (env.test(text) && (net || shown.test(text)))
    out.hits.push({
      intent: 'credential_read',
      detail: `${interpreter} dumps the whole environment`,
    });
  return out;
}
