// Python a build runs by itself: setup.py, conftest.py, noxfile.py, SCons's SConstruct and
// SConscript, PlatformIO's extra scripts (`Import("env")`, `env.AddPreAction`). One statement that
// hands a download to a shell or to exec (`subprocess.Popen(["sh", "-c", urlopen(u).read()])`,
// `exec(requests.get(u).text)`) runs a stranger's code on every build (docs/guard.md "Detectors",
// supply_chain). A hook that downloads a file, or runs a fixed command, is no such statement.

/** Python files a build, an install or a test run executes, by name. */
const HOOK_FILE =
  /(?:^|[\\/])(?:setup\.py|conftest\.py|noxfile\.py|SConstruct|SConscript|extra_scripts?(?:[_-][\w-]+)?\.py|(?:pre|post)_[\w-]+\.py)$/;
/** SCons's and PlatformIO's marker of a script the build imports. */
const SCONS_MARK = /^\s*Import\(\s*["'](?:env|projenv)["']/m;
/** A download's body in Python. */
const FETCH =
  /\burlopen\s*\(|\b(?:requests|httpx|session)\.(?:get|post)\s*\(|\burllib3?\.\w+\(|\burlretrieve\s*\(/;
/** Running text as code or shell. */
const RUN =
  /\bexec\s*\(|\beval\s*\(|["'](?:ba|z|da)?sh["']\s*,\s*["']-c["']|\bos\.(?:system|popen)\s*\(|shell\s*=\s*True/;

/** Whether `text`, written to `path`, is a Python build hook with a statement running a download. */
export function pythonHookDownloadRun(path: string, text: string): boolean {
  if (!HOOK_FILE.test(path) && !(path.endsWith('.py') && SCONS_MARK.test(text))) return false;
  if (!text.includes('(') || !FETCH.test(text)) return false;
  // one statement: a line, or a call continued over lines up to its closing parenthesis
  return text
    .split(/\n(?=\S|\s*$)|\n(?=\s+\w+\s*=|\s+(?:def|if|for|try|except|return)\b)/)
    .some((s) => FETCH.test(s) && RUN.test(s));
}
