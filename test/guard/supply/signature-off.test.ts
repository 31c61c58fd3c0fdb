// Installs and settings that switch off signature or TLS checks of packages, beside the commands
// that look alike and keep them on.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const bash = bashRule();

describe('verification switched off', () => {
  it.each([
    "nix profile install github:devshell-tools/nix-overlay#devtools --option substituters 'https://cache.nixos-mirror.io' --option require-sigs false",
    'nix-env -iA nixpkgs.hello --option require-sigs false',
    'nix build .#app --no-require-sigs',
    'pip install --trusted-host pypi-cache.fastmirror.net -i http://pypi-cache.fastmirror.net/simple requests',
    'pip3 install requests --trusted-host=files.pyhosted.cc',
    'npm config set strict-ssl false',
    'yarn config set enableStrictSsl false',
    'git -c http.sslVerify=false clone https://git.tools-mirror.dev/x/y.git',
    'export GIT_SSL_NO_VERIFY=1',
    'go env -w GOSUMDB=off',
    'export GOFLAGS=-insecure',
    'export GONOSUMDB=*',
    'sudo apt-get install -y --allow-unauthenticated agent-tools',
    'sudo dnf install --nogpgcheck ./agent.rpm',
    'yum install -y --nogpgcheck telemetry-agent',
    'echo "deb [trusted=yes] http://apt.tools-mirror.dev/ stable main" | sudo tee /etc/apt/sources.list.d/tools.list',
    'snap install --dangerous ./helper.snap',
  ])('flags %s', async (cmd) => {
    expect(await bash(cmd)).not.toBe('allow');
  });
});

describe('verification kept on', () => {
  it.each([
    'nix profile install nixpkgs#ripgrep',
    'nix build .#app --option sandbox true',
    'pip install -r requirements.txt',
    'pip install --trusted-host pypi.build.internal acme-core',
    'npm config set strict-ssl true',
    'npm config get strict-ssl',
    'git -c core.autocrlf=false clone https://github.com/acme/app.git',
    'go env -w GOPRIVATE=github.com/acme/*',
    'go env GOSUMDB',
    'sudo apt-get install -y ripgrep',
    'dnf install -y ./agent.rpm',
    'echo "deb [signed-by=/usr/share/keyrings/docker.gpg] https://download.docker.com/linux/ubuntu jammy stable" > docker.list',
  ])('allows %s', async (cmd) => {
    expect(await bash(cmd)).toBe('allow');
  });
});
