// PowerShell deletes done once per listed item (docs/guard.md "Interpreter code"):
// `Get-ChildItem C:\Users -Directory | % { Remove-Item "$($_.FullName)\Documents" -Recurse -Force }`.
// The block's `$_` is each item the listing passes on, so the delete reaches every item, or the
// same named folder inside every item, of the listed folder.

/** `ForEach-Object` and its aliases, as a pipeline stage's first word. */
export const FOREACH = /^(?:ForEach-Object|%|foreach)$/i;

/**
 * A delete cmdlet in the block whose path is the current item, bare or as `$($_.FullName)`, with
 * what is appended to it (`\Documents`): group 1.
 */
const EACH_REMOVE =
  /(?:^|[{;(\s])(?:Remove-Item|ri|rm|del|erase|rd|rmdir)\s+(?:-(?!Path\b|LiteralPath\b)\w+(?::\S+)?\s+)*(?:-(?:Path|LiteralPath)\s+)?["']?(?:\$\(\s*)?\$(?:_|PSItem)(?:\.(?:FullName|PSPath|Name))?\s*\)?((?:[\\/][^"'\s;}|]*)?)/i;
/** The same with the path built by `Join-Path $_.FullName 'Documents'`. */
const JOINED_REMOVE =
  /(?:^|[{;(\s])(?:Remove-Item|ri|rm|del|erase|rd|rmdir)\s+(?:-\w+\s+)*\(\s*Join-Path\s+(?:-Path\s+)?\$(?:_|PSItem)(?:\.(?:FullName|PSPath))?\s+(?:-ChildPath\s+)?['"]?([^'"\s)]+)/i;
const RECURSE_WORD = /(?:^|\s)-r(?:e(?:c(?:u(?:r(?:se?)?)?)?)?)?(?=\s|$|[;}])/i;
/**
 * Per-user caches and temporary folders, emptied for every user by routine cleanups; the left edge
 * is loose because a shell's quoting may have eaten the backslashes (`AppDataLocalTemp`).
 */
const SCRATCH = /(?:Temp|tmp|cache|caches|INetCache|CrashDumps)(?:[\\/]|\*|$)/i;

/** True when the path each item loses is a cache or temporary folder of it. */
export function scratchBelow(below: string): boolean {
  return SCRATCH.test(below);
}

export interface EachRemove {
  /** The path below each item that goes (`\Documents`), '' for the item itself. */
  below: string;
  recursive: boolean;
}

/** The delete a `ForEach-Object` stage's block does to each item it is given; null when none. */
export function eachRemove(stage: string): EachRemove | null {
  if (!stage.includes('$')) return null;
  const m = EACH_REMOVE.exec(stage) ?? JOINED_REMOVE.exec(stage);
  if (m === null) return null;
  const below = (m[1] ?? '').replace(/[)\]]+$/, '').replace(/^(?=[^\\/])/, '\\');
  if (scratchBelow(below)) return null;
  return { below, recursive: RECURSE_WORD.test(stage.slice(m.index)) };
}
