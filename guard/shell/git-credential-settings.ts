// `git config --get credential.helper`: which helper git asks, or its username or path setting,
// printed. These settings name where credentials are kept, never a credential (gitcredentials(7)
// "CONFIGURATION"); `git credential fill`, a `--get-regexp` and any other key stay credential reads
// (docs/guard.md "Shell analysis").

/** Options that only choose which config files are read and how the answer is printed. */
const SCOPE =
  /^(?:--(?:global|system|local|worktree|includes|no-includes|show-origin|show-scope|null|name-only)|-z)$/;
/** The credential settings that hold no credential (gitcredentials(7)). */
const NAMING_KEY = /^credential\.(?:.+\.)?(?:helper|usehttppath|username|interactive)$/i;

/**
 * True when `rest` (the words after `git config`) reads, and does not set, one credential
 * setting that names a helper or user: `--get KEY`, `--get-all KEY`, `get KEY`, or `KEY` alone.
 */
export function readsCredentialSetting(rest: readonly string[]): boolean {
  const words = rest.filter((a) => !SCOPE.test(a));
  const [first, key, extra] = words;
  if (first === '--get' || first === '--get-all' || first === 'get')
    return extra === undefined && NAMING_KEY.test(key ?? '');
  return key === undefined && NAMING_KEY.test(first ?? '');
}
