// Text in a credential's place that is no credential (docs/guard.md "Secret formats"): the text an
// Edit replaces, a file name where a value would be (`grep ^STRIPE_SECRET_KEY= .env.development`)
// and an ARN's resource type (`arn:aws:secretsmanager:...:secret:dev/db-Qw3e9R` names a secret).

/**
 * The text a local edit removes (`Edit`'s and `MultiEdit`'s `old_string`): it is in the file
 * already and the edit writes none of it. The same key in `new_string` is still written.
 */
export function replacedText(tool: string, path: string): boolean {
  return (
    (tool === 'Edit' && path === 'args.old_string') ||
    (tool === 'MultiEdit' && /^args\.edits\.\d+\.old_string$/.test(path))
  );
}

/** An env file's or a config file's name: `.env.development`, `secrets.yaml`, `server.key`. */
const FILE_NAME =
  /^(?:\.env(?:\.[\w-]+)*|[\w-]+(?:\.[\w-]+)*\.(?:env|json|ya?ml|toml|ini|conf|cfg|properties|txt|pem|key|crt|cer|p12|pfx|jks))$/i;

export const fileNameValue = (v: string): boolean => FILE_NAME.test(v);

/** An ARN up to its resource type (`arn:aws:secretsmanager:eu-west-1:123456789012:`). */
const ARN_HEAD = /\barn:aws(?:-cn|-us-gov)?:[\w-]+:[\w-]*:\d{0,12}:$/;

/** True when the name before `:` is an ARN's resource type, not a key being assigned. */
export const arnResourceType = (prefix: string): boolean => ARN_HEAD.test(prefix);

/**
 * A value that asks to be replaced: `change-me-32-bytes-minimum`, `sk_test_replace_me`,
 * `fill_this_in`, `set-me`, `ReplaceWithToken`, `replace_with_your_key`. An example env file or a
 * vendor's documented example ships these where each secret goes; a word of a real random key is
 * never such an order between separators.
 */
const REPLACE_ME =
  /(?:^|[^a-z])(?:change|replace|fill|set|put|insert|update)[_-]?(?:me|this|it)(?:[_-]?in)?(?:[^a-z]|$)/i;
/** `ReplaceWithToken`, `REPLACE_WITH_KEY`, `fill-with-secret`: case-sensitive, so a word ends there. */
const REPLACE_WITH =
  /(?:^|[^A-Za-z])(?:[Rr]eplace|REPLACE|[Ff]ill|FILL)[_-]?(?:[Ww]ith|WITH)(?:[_-]?[A-Z]|[_-][a-z]|$)/;

/**
 * Where the secret goes, spelled out: `InsertTokenHere`, `PASTE_YOUR_API_KEY_HERE`,
 * `enter-password-here`, `TokenGoesHere`: a credential word closing on `here`.
 */
const GOES_HERE =
  /^(?:(?:enter|insert|paste|put|add|type)[_-]?)?(?:your|the|an?)?[_-]?[a-z_-]{0,24}?(?:token|key|secret|password|passwd|pwd|pat|credentials?)[_-]?(?:goes[_-]?)?here$/i;

export const replaceMeValue = (v: string): boolean =>
  REPLACE_ME.test(v) || REPLACE_WITH.test(v) || GOES_HERE.test(v);
