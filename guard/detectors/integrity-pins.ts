// Edits that drop or swap the integrity pins of downloaded dependencies: Bazel's `sha256`/`integrity`,
// npm's lockfile `integrity`, pip's `--hash`, Cargo.lock's `checksum`, Gradle's verification metadata,
// Homebrew's and Arch's checksums. Without its pin, whoever answers for the download's host chooses
// the code the build fetches (docs/guard.md "Detectors", supply_chain).

/** Files whose dependency entries carry pins. */
const PINNED_FILE =
  /(?:^|[\\/])(?:WORKSPACE(?:\.bazel|\.bzlmod)?|MODULE\.bazel|[\w.-]+\.bzl|BUILD(?:\.bazel)?|package-lock\.json|npm-shrinkwrap\.json|pnpm-lock\.yaml|yarn\.lock|requirements[\w.-]*\.(?:txt|in)|Cargo\.lock|verification-metadata\.xml|PKGBUILD|[\w.-]+\.rb|[\w.-]+\.nix|flake\.lock|Package\.resolved|packages\.lock\.json)$/;
/** One pin, in any of those files' spellings. */
const PIN =
  /\b(?:sha256|sha512|integrity|checksum|contentHash|narHash|hash)\b["']?\s*[:=]?\s*["']?(?:sha(?:256|384|512)[-:])?[A-Za-z0-9+/=_-]{32,}|--hash[= ]sha(?:256|384|512):[0-9a-f]{32,}|<sha(?:256|512)\s+value=|\bsha256sums=\(/gi;
const URL_HOST = /\b(?:https?|git\+https?):\/\/([A-Za-z0-9.-]+)/gi;

function count(re: RegExp, text: string): number {
  return [...text.matchAll(re)].length;
}

function hosts(text: string): Set<string> {
  return new Set([...text.matchAll(URL_HOST)].map((m) => (m[1] ?? '').toLowerCase()));
}

/** The edits a file tool's arguments make: `[old, new]` pairs. */
function edits(args: Record<string, unknown>): [string, string][] {
  const list = Array.isArray(args.edits) ? (args.edits as unknown[]) : [args];
  const out: [string, string][] = [];
  for (const e of list) {
    if (typeof e !== 'object' || e === null) continue;
    const { old_string: o, new_string: n } = e as Record<string, unknown>;
    if (typeof o === 'string' && typeof n === 'string') out.push([o, n]);
  }
  return out;
}

/**
 * Why an edit of a pinned file weakens a pin, or null: pins removed while the downloads they
 * guarded stay (removing a whole dependency removes its URL too), or a download moved to a host
 * the old text never named while its pin changed.
 */
export function weakensPins(path: string, args: Record<string, unknown>): string | null {
  if (!PINNED_FILE.test(path)) return null;
  for (const [before, after] of edits(args)) {
    const pinsBefore = count(PIN, before);
    const pinsAfter = count(PIN, after);
    const urlsKept = count(URL_HOST, after) >= count(URL_HOST, before);
    if (pinsAfter < pinsBefore && urlsKept) return 'an edit removes integrity pins';
    const old = hosts(before);
    const moved = [...hosts(after)].find((h) => !old.has(h));
    if (moved !== undefined && old.size > 0 && pinsBefore > 0 && pinsAfter < pinsBefore + 1) {
      const same = [...after.matchAll(PIN)].every((m) => before.includes(m[0]));
      if (!same || pinsAfter === 0) return `an edit moves a pinned download to ${moved}`;
    }
  }
  return null;
}
