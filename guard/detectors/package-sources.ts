// Package sources added to a manager's list (docs/guard.md "Detectors", supply_chain): once added,
// later installs of any name may resolve from that host, so the source itself is the redirection.

/** Options whose value is the added source's location, per manager (any `-x=V` spelling too). */
const SOURCE_FLAGS: Record<string, ReadonlySet<string>> = {
  choco: new Set(['-s', '--source', '--s']),
  winget: new Set(['-a', '--arg']),
  nuget: new Set(['-source', '-Source', '--source', '-s']),
  dotnet: new Set(['-s', '--source']),
};

/** The option values and operands after `choco source add`, `winget source add`, `scoop bucket add`... */
function addedWords(argv: readonly string[]): string[] | null {
  const [tool, a, b, c] = argv.map((w) => w.toLowerCase());
  if ((tool === 'choco' || tool === 'winget') && a === 'source' && b === 'add')
    return argv.slice(3);
  if (tool === 'scoop' && a === 'bucket' && b === 'add') return argv.slice(3);
  if (tool === 'nuget' && a === 'sources' && b === 'add') return argv.slice(3);
  if (tool === 'dotnet' && a === 'nuget' && b === 'add' && c === 'source') return argv.slice(4);
  return null;
}

/** Locations of sources the command adds (URLs named by a flag or as an operand). */
export function addedSources(argv: readonly string[]): string[] {
  const words = addedWords(argv);
  if (words === null) return [];
  const flags = SOURCE_FLAGS[(argv[0] ?? '').toLowerCase()] ?? new Set<string>();
  const out: string[] = [];
  words.forEach((w, i) => {
    const eq = /^(--?[\w-]+)[=:](.*)$/.exec(w);
    if (eq !== null && flags.has(eq[1] ?? '')) out.push(eq[2] ?? '');
    else if (flags.has(w) && words[i + 1] !== undefined) out.push(words[i + 1] ?? '');
    else if (/^https?:\/\//i.test(w)) out.push(w);
  });
  return out;
}

/** PowerShell's `Register-PSRepository -SourceLocation U`, `Register-PackageSource -Location U`. */
const PS_REGISTER =
  /\b(?:Register-PSRepository|Register-PSResourceRepository|Register-PackageSource|Set-PSRepository)\b[^;|\n]*?-(?:SourceLocation|Location|Uri|PublishLocation)\s+['"]?(https?:\/\/[^\s'"]+)/gi;

export function registeredSources(text: string): string[] {
  return [...text.matchAll(PS_REGISTER)].map((m) => m[1] ?? '');
}
