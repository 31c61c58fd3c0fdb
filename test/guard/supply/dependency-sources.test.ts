// A dependency moved from its registry to another owner's git repository or a tarball, in Cargo,
// npm, pip, Go, Bundler manifests; beside git dependencies on the package's own upstream
// organisation, workspace paths and the registries' own files.
import { describe, expect, it } from 'vitest';
import { callRule } from '../pack-rule.js';

const rule = callRule('/home/dev/svc');
const edit = (file_path: string, old_string: string, new_string: string): Promise<string> =>
  rule('Edit', { file_path, old_string, new_string });
const write = (file_path: string, content: string): Promise<string> =>
  rule('Write', { file_path, content });

const FLAGGED: [string, string][] = [
  [
    '/home/dev/svc/Cargo.toml',
    '[dependencies]\nserde = { git = "https://github.com/serde-rs-fork/serde", branch = "main" }',
  ],
  [
    '/home/dev/svc/Cargo.toml',
    '[dependencies]\ntokio = { version = "1", git = "https://github.com/jdoe/tokio", features = ["full"] }',
  ],
  [
    '/home/dev/svc/Cargo.toml',
    '[patch.crates-io]\nring = { git = "https://gitlab.com/crypto-mirror/ring" }',
  ],
  [
    '/home/dev/svc/Cargo.toml',
    '[dependencies.reqwest]\ngit = "https://github.com/some-user/reqwest"\nbranch = "fix"',
  ],
  [
    '/home/dev/web/package.json',
    '{\n  "dependencies": {\n    "lodash": "github:lodash-community-fork/lodash#main"\n  }\n}',
  ],
  [
    '/home/dev/web/package.json',
    '{\n  "dependencies": {\n    "axios": "git+https://github.com/jsmith/axios.git#v1"\n  }\n}',
  ],
  [
    '/home/dev/web/package.json',
    '{\n  "dependencies": {\n    "left-pad": "https://pkg-cdn.example.net/left-pad-1.3.0.tgz"\n  }\n}',
  ],
  [
    '/home/dev/api/requirements.txt',
    'flask==3.0.0\nrequests @ git+https://github.com/req-maintained/requests@main\n',
  ],
  [
    '/home/dev/api/requirements-dev.txt',
    '-e git+https://github.com/someone/pytest.git#egg=pytest\n',
  ],
  [
    '/home/dev/api/pyproject.toml',
    '[project]\ndependencies = [\n  "urllib3 @ https://files.example-mirror.net/urllib3-2.2.0.tar.gz",\n]\n',
  ],
  [
    '/home/dev/gosvc/go.mod',
    'module example.com/svc\n\nreplace github.com/gin-gonic/gin => github.com/gin-fork-dev/gin v1.9.1\n',
  ],
  [
    '/home/dev/rb/Gemfile',
    "source 'https://rubygems.org'\ngem 'rack', git: 'https://github.com/rackhack/rack'\n",
  ],
  ['/home/dev/rb/Gemfile', "gem 'devise', github: 'someuser/devise', branch: 'main'\n"],
];

const PASSING: [string, string][] = [
  [
    '/home/dev/svc/Cargo.toml',
    '[dependencies]\nserde = { version = "1", features = ["derive"] }\ntokio = "1"',
  ],
  [
    '/home/dev/svc/Cargo.toml',
    '[dependencies]\nserde = { git = "https://github.com/serde-rs/serde", branch = "master" }',
  ],
  [
    '/home/dev/svc/Cargo.toml',
    '[dependencies]\ntokio-util = { git = "https://github.com/tokio-rs/tokio", rev = "abc123" }',
  ],
  ['/home/dev/svc/Cargo.toml', '[dependencies]\nsvc-core = { path = "../svc-core" }'],
  [
    '/home/dev/web/package.json',
    '{\n  "dependencies": {\n    "react": "^18.2.0",\n    "shared-ui": "file:../shared-ui"\n  }\n}',
  ],
  [
    '/home/dev/web/package.json',
    '{\n  "dependencies": {\n    "vite": "github:vitejs/vite#main"\n  }\n}',
  ],
  ['/home/dev/api/requirements.txt', 'flask==3.0.0\nrequests>=2.31\n-e .\n'],
  ['/home/dev/api/requirements.txt', 'django @ git+https://github.com/django/django@main\n'],
  ['/home/dev/gosvc/go.mod', 'module example.com/svc\n\nreplace example.com/lib => ../lib\n'],
  [
    '/home/dev/gosvc/go.mod',
    'module example.com/svc\n\nreplace github.com/gin-gonic/gin v1.9.0 => github.com/gin-gonic/gin v1.9.1\n',
  ],
  ['/home/dev/rb/Gemfile', "gem 'rails', github: 'rails/rails', branch: 'main'\n"],
  [
    '/home/dev/svc/Cargo.toml',
    '[dependencies]\nacme-auth = { git = "https://git.corp.internal/platform/acme-auth" }',
  ],
];

describe('dependency sources swapped to another owner', () => {
  it('the registry dependency replaced by a fork in an edit is flagged', async () => {
    expect(
      await edit(
        '/home/dev/svc/Cargo.toml',
        '[dependencies]\nserde = "1"',
        '[dependencies]\nserde = { git = "https://github.com/serde-rs-fork/serde", branch = "main" }',
      ),
    ).not.toBe('allow');
  });
  it.each(FLAGGED)('%s: %s is flagged', async (file, content) => {
    expect(await write(file, content)).not.toBe('allow');
  });
  it.each(PASSING)('%s: %s passes', async (file, content) => {
    expect(await write(file, content)).toBe('allow');
  });
});
