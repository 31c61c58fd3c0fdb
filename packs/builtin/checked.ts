// docs/guard.md "Hook start-up": the built-in packs the build checked in full (every rule's content
// hash, every example parsed as an event) on the very modules it then bundled into the hook bundle.
// The bundle skips those checks for them; files, registry and TUF packs always get every check.

/** Set by the hook bundle's build (esbuild `define`): `name=sha256,...`; absent outside the bundle. */
declare const __mesh_checked_builtins: string | undefined;

/**
 * The built-in packs (by name) checked at build time, with the SHA-256 of the canonical JSON the
 * build checked; empty outside the hook bundle, where every load runs every check.
 */
export const CHECKED_BUILTINS: ReadonlyMap<string, string> = new Map(
  (typeof __mesh_checked_builtins === 'string' ? __mesh_checked_builtins : '')
    .split(',')
    .filter((p) => p.includes('='))
    .map((p) => p.split('=', 2) as [string, string]),
);
