// A secret read naming a connection URL, decoded and piped into a substitution that blanks the
// URL's userinfo, prints no password; the same read unmasked, masked by a substitution that quotes
// its match, or of a value that is no URL stays a credential read.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'credential_read',
    [
      "kubectl -n dev get secret api-env -o jsonpath='{.data.DATABASE_URL}' | base64 -d",
      "kubectl -n dev get secret api-env -o jsonpath='{.data.API_KEY}' | base64 -d | sed -E 's#://[^@]+@#://***@#'",
      "kubectl -n dev get secret api-env -o jsonpath='{.data.DATABASE_URL}' | base64 -d | sed -E 's#(://[^@]+@)#\\1#'",
      "kubectl -n dev get secret api-env -o jsonpath='{.data.DATABASE_URL}' | base64 -d | sed -E 's#://[^@]+@#&#'",
      "kubectl -n dev get secret api-env -o jsonpath='{.data.DATABASE_URL}' | base64 -d | sed 's/postgres/pg/'",
      "kubectl -n dev get secret api-env -o jsonpath='{.data.DATABASE_URL}' | base64 -d | sed -E 's#://[^@]+@#://***@#' -e 'p'",
      "kubectl -n dev get secret api-env -o jsonpath='{.data.DATABASE_URL}' | base64 -d | sed -E 's#://[^@]+@#://***@#' > url.txt",
      "kubectl -n dev get secret api-env -o jsonpath='{.data.DATABASE_URL}' | base64 -d | tee /tmp/u | sed -E 's#://[^@]+@#://***@#'",
    ],
    [
      "kubectl -n dev get secret api-env -o jsonpath='{.data.DATABASE_URL}' | base64 -d | sed -E 's#://[^@]+@#://***@#'",
      "kubectl get secret redis -o jsonpath='{.data.REDIS_URI}' | base64 --decode | sed -r 's|//[^@]*@|//<redacted>@|g'",
      "oc get secret mongo -o jsonpath='{.data.MONGO_URL}' | base64 -d | perl -pe 's#://[^@]+@#://***:***@#'",
    ],
  ],
];

describe('connection URL secrets printed with their userinfo masked', () => {
  itRaisesIntents(kit, TABLE);
});
