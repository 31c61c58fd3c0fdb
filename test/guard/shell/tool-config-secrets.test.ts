// Build tools and package managers told to print the credentials in their settings, beside the same
// tools printing masked settings or non-secret keys.
import { describe } from 'vitest';
import {
  commandLines as read,
  itRaisesIntents,
  useShellKit,
  type IntentTable,
} from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'credential_read',
    read(String.raw`
      ./mvnw help:effective-settings -DshowPasswords=true | grep -iE -B2 -A2 "<password>|<passphrase>"
      mvn help:effective-settings -DshowPasswords=true -q
      mvn.cmd help:effective-settings "-DshowPasswords=true"
      mvnw.cmd -q org.apache.maven.plugins:maven-help-plugin:3.4.0:effective-settings -DshowPasswords=true -Doutput=s.xml
      npm config get //registry.npmjs.org/:_authToken
      npm config get //npm.pkg.github.com/:_authToken
      pnpm config get //registry.npmjs.org/:_auth
      yarn config get npmAuthToken
      yarn config get npmScopes.acme.npmAuthToken --no-redacted
      glab auth status --show-token
      aws configure get aws_secret_access_key
      kubectl config view --raw
    `),
    read(String.raw`
      mvn help:effective-settings
      ./mvnw help:effective-settings -DshowPasswords=false
      mvn -DshowPasswords=true test
      npm config get registry
      pnpm config get store-dir
      yarn config get npmRegistryServer
      glab auth status
      gh auth status
      kubectl config view
    `),
  ],
];

describe('tools printing the credentials in their settings', () => {
  itRaisesIntents(kit, TABLE);
});
