// Secret formats: developer-platform, CI and package-registry tokens by their documented prefix and
// body (GitLab's token prefixes, JFrog, SonarQube, Sourcegraph, Clojars, RubyGems, Fly.io, ...).
import type { SecretPattern } from './secret-patterns.js';
import { format as f, prefixedGroup } from './secret-formats-group.js';
import {
  notPlaceholder,
  r3,
  r35,
  randomish,
  unbase64,
  WEAK_PASSWORDS,
} from './secret-validators.js';

export const DEVTOOLS_PATTERNS: readonly SecretPattern[] = [
  prefixedGroup('devtools_token', [
    // GitLab's other documented prefixes: agent for Kubernetes, feature flags client, workspace, runner
    f('gitlab_agent_token', 'gl(?:agent|ffct|wt|rtr)-[A-Za-z0-9_-]{20,64}', r35),
    f('clojars_token', 'CLOJARS_[a-z0-9]{60}', r3),
    f('rubygems_token', 'rubygems_[a-f0-9]{48}', r3),
    f('jfrog_api_key', 'AKCp[A-Za-z0-9]{69}', r35),
    // a reference token is base64 of `reftkn:` and its fields
    f(
      'jfrog_reference_token',
      'cmVmdGtuO[A-Za-z0-9]{55}',
      (v) => unbase64(v).startsWith('reftkn:') && r35(v),
    ),
    f('sonarqube_token', 'sq[pua]_[a-f0-9]{40}', r3),
    f('sourcegraph_token', 'sgp_(?:[a-f0-9]{16}_|local_)?[a-f0-9]{40}', r3),
    f('octopus_deploy_key', 'API-[A-Z0-9]{26}', r35),
    f('harness_token', '(?:pat|sat)\\.[A-Za-z0-9_-]{22}\\.[a-f0-9]{24}\\.[A-Za-z0-9]{20}', r35),
    f('infracost_key', 'ico-[A-Za-z0-9]{32}', r35),
    f('prefect_key', 'pnu_[A-Za-z0-9]{36}', r35),
    f('readme_key', 'rdme_[a-z0-9]{70}', r35),
    f('scalingo_token', 'tk-us-[A-Za-z0-9_-]{48}', r35),
    f('settlemint_token', 'sm_(?:aat|pat|sat)_[A-Za-z0-9]{16}', r3),
    f('defined_networking_key', 'dnkey-[a-z0-9=_-]{26}-[a-z0-9=_-]{52}', r35),
    f('flyio_token', '(?:fo1_[A-Za-z0-9_-]{43}|fm[12][ar]?_[A-Za-z0-9+/=_-]{100,2000})', r35),
    f('netlify_token', 'nfp_[A-Za-z0-9]{36}', r35),
    f('openshift_token', 'sha256~[A-Za-z0-9_-]{43}', r35),
    f('frameio_token', 'fio-u-[A-Za-z0-9_=-]{64}', r35),
    // Doppler service tokens name their config: `dp.st.<config>.<secret>`
    f('doppler_service_token', 'dp\\.st\\.[a-z0-9_-]{2,35}\\.[A-Za-z0-9]{40,44}', r35),
    f('linear_oauth_token', 'lin_oauth_[a-f0-9]{64}', r3),
    // 1Password account secret key: version A3, account id, then 26 characters in groups
    f('onepassword_secret_key', 'A3-[A-Z0-9]{6}-[A-Z0-9]{6}-[A-Z0-9]{5}(?:-[A-Z0-9]{5}){3}', r3),
  ]),
  {
    kind: 'gitlab_session_cookie',
    re: /(?<![A-Za-z0-9])_gitlab_session=([a-f0-9]{32})(?![A-Za-z0-9])/g,
    valid: r3,
  },
  {
    // Sidekiq Enterprise/Pro gem credentials, `user:password` of 8 hex each, in Bundler's env name
    kind: 'sidekiq_secret',
    re: /BUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM["']?\s*[:=]\s*["']?([a-f0-9]{8}:[a-f0-9]{8})(?![A-Za-z0-9])/g,
    valid: randomish(2.5),
  },
  {
    // curl's `-u user:password` / `--user user:password` (a `$VAR` password is not a literal)
    kind: 'curl_auth_user',
    re: /\bcurl[^\n|;&]{0,200}?\s(?:-u|--user)(?:\s+|=)["']?([^\s"':$]{1,64}:[^\s"'$]{6,128})["']?(?=\s|$)/g,
    valid: (v) => {
      const password = v.slice(v.indexOf(':') + 1);
      return notPlaceholder(password) && !WEAK_PASSWORDS.has(password.toLowerCase());
    },
  },
  {
    // NuGet.config `<packageSourceCredentials>`: a password stored in clear text
    kind: 'nuget_config_password',
    re: /<add\s+key=["']ClearTextPassword["']\s+value=["']([^"'\s]{6,128})["']/g,
    valid: (v) => notPlaceholder(v) && !v.startsWith('%') && !v.startsWith('$'),
  },
];
