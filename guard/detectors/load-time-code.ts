// Source an editor or a build runs by itself, with no command of the developer's: Unity's editor
// scripts (`[InitializeOnLoad]` runs when the editor opens the project), Roslyn source generators
// and analyzers (run inside the compiler and the IDE), Java annotation processors, Gradle's buildSrc
// and init scripts, MSBuild targets and props files. A process such code starts that downloads
// code and runs it runs a stranger's script on every machine that opens or builds the project
// (docs/guard.md "Detectors", supply_chain).
import { runsDownload } from './build-script-run.js';
import { writtenText } from './sensitive-paths.js';

/** Files that run by where they are. */
const LOAD_PATH =
  /(?:^|[\\/])(?:Editor[\\/](?:[^\\/]+[\\/])*[^\\/]+\.cs|buildSrc[\\/].+\.(?:kts?|java|groovy)|init\.d[\\/][^\\/]+\.gradle(?:\.kts)?|init\.gradle(?:\.kts)?|[\w.-]+\.(?:targets|props))$/;
/** Attributes and annotations that make a class run when it is loaded or compiled. */
const LOAD_MARK =
  /\[\s*(?:UnityEditor\.)?(?:InitializeOnLoad(?:Method)?|DidReloadScripts|Generator|DiagnosticAnalyzer)\b|@(?:SupportedAnnotationTypes|AutoService\s*\(\s*Processor)\b/;
const CODE = /\.(?:cs|java|kts?)$/;

type Shell = (s: string) => { intents: readonly { intent: string }[] };

/** Why a file tool's write of load-time code is harmful, or null. */
export function loadTimeDownloadRun(
  path: string,
  args: Record<string, unknown>,
  shell: Shell,
): string | null {
  const byPath = LOAD_PATH.test(path);
  if (!byPath && !CODE.test(path)) return null;
  const text = writtenText(args);
  if (text === null || (!byPath && !LOAD_MARK.test(text))) return null;
  return runsDownload(path, text, shell)
    ? 'code an editor or build runs by itself downloads code and runs it'
    : null;
}
