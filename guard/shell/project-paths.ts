// Paths inside the project: relative to the working folder, not climbing out of it, not a
// variable or home (docs/guard.md "Shell analysis").

/** A folder or file of the project: relative, not climbing out, not a variable. */
export function inProject(path: string): boolean {
  return !/^[~/$]/.test(path) && !/(?:^|\/)\.\.(?:\/|$)/.test(path) && path !== '';
}
