// A destroy narrowed by `-target` (terraform, tofu, terragrunt, `apply -destroy`, `pulumi destroy
// --target`) removes only what it names, and is routine clean-up of a dev or preview module. In a
// production workspace, stack, folder or module it is still production infrastructure removed
// without review: a targeted module takes everything inside it, and the approval prompt
// `-auto-approve` skips is answered by whoever runs the shell, not a reviewer. The words of the
// script are read here; the call's folder (`envs/prod`) is known per call and checked by
// `inProductionFolder` (docs/guard.md "Shell analysis").
import type { IntentHit } from './intents.js';
import type { ShellAnalysis, ShellCommand } from './model.js';

/** A word naming production (`prod-eu`, `--context prod`); shared with guard/shell/scale-to-zero.ts. */
export const PRODUCTION = /(?<![a-z])(?:prod|prd|production|live)(?![a-z])/i;
/**
 * A folder of one production environment (`envs/prod`, `prod-eu`, `production`): `live` only as a
 * whole name, since Terragrunt's `infrastructure-live` repositories hold every environment.
 */
const PRODUCTION_FOLDER =
  /^(?:live|(?:prod|prd|production)(?:[-_.][\w.-]*)?|[\w.-]*[-_](?:prod|prd|production))$/i;
/** Commands whose words say which state a later destroy acts on. */
const SCOPE_SETTERS = new Set(['cd', 'pushd', 'terraform', 'tofu', 'terragrunt', 'pulumi']);

/** The hit for a targeted destroy: certain when its script names production, else per folder. */
export function targetedDestroy(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const named =
    cmd.argv.some((a) => PRODUCTION.test(a)) ||
    all.commands.some((c) => SCOPE_SETTERS.has(c.name) && c.argv.some((a) => PRODUCTION.test(a)));
  const detail = `${cmd.name} targeted destroy`;
  return [
    named
      ? { intent: 'infra_destroy', detail }
      : { intent: 'infra_destroy', detail, targeted: true },
  ];
}

/** True when a segment of the call's folder `cwd` names one production environment. */
export function productionFolder(cwd: string | undefined): boolean {
  return cwd !== undefined && cwd.split(/[\\/]/).some((seg) => PRODUCTION_FOLDER.test(seg));
}

/** `hits` without the targeted destroys, unless the call's folder `cwd` names production. */
export function inProductionFolder(
  hits: readonly IntentHit[],
  cwd: string | undefined,
): IntentHit[] {
  return productionFolder(cwd)
    ? hits.map((h) => (h.targeted === true ? { intent: h.intent, detail: h.detail } : h))
    : hits.filter((h) => h.targeted !== true);
}
