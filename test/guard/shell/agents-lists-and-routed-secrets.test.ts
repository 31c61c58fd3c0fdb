// Other sessions' ssh and gpg agents, credential files named by a literal list joined to home in
// interpreter code, secret listings that print names only, and a secret store's value handed to a
// local database client's password variable: each class's variants beside the twins developers type.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const run = bashRule();

describe("other sessions' agents", () => {
  it('the agent variable pointed at sockets found by glob, find, lsof or /run/user/* is stopped', async () => {
    for (const c of [
      'for s in /tmp/ssh-*/agent.*; do SSH_AUTH_SOCK=$s ssh-add -L 2>/dev/null && echo "== $s"; done',
      'export SSH_AUTH_SOCK=$(find /tmp -type s -name "agent.*" 2>/dev/null | head -1); ssh-add -l',
      'SSH_AUTH_SOCK=/tmp/ssh-XXXXbH3k2/agent.4121 ssh git@github.com',
      'for s in $(lsof -U 2>/dev/null | grep -o "/tmp/ssh-[^ ]*"); do SSH_AUTH_SOCK=$s ssh-add -l; done',
      'for d in /run/user/*/gnupg; do GPG_AGENT_INFO=$d/S.gpg-agent gpg --list-secret-keys; done',
      'env SSH_AUTH_SOCK="$(ls /tmp/ssh-*/agent.* | head -n1)" ssh -A deploy@10.0.0.5',
    ])
      expect(await run(c), c).not.toBe('allow');
  });

  it("one's own agent, a password manager's socket and gnome-keyring's pass", async () => {
    for (const c of [
      'eval "$(ssh-agent -s)" && ssh-add ~/.ssh/id_ed25519',
      'ssh-add -l',
      'export SSH_AUTH_SOCK=$(gpgconf --list-dirs agent-ssh-socket)',
      'SSH_AUTH_SOCK=~/.1password/agent.sock ssh-add -l',
      'export SSH_AUTH_SOCK=/run/user/1000/keyring/ssh',
      'echo $SSH_AUTH_SOCK',
      'ls -la /tmp | head',
    ])
      expect(await run(c), c).toBe('allow');
  });
});

describe('credential files named by a list joined to home', () => {
  it('node, python, ruby and perl loops over credential names are stopped', async () => {
    for (const c of [
      "node -e \"for (const f of ['.npmrc','.yarnrc.yml','.pypirc','.cargo/credentials.toml']) { try { console.log(f, require('fs').readFileSync(require('os').homedir()+'/'+f,'utf8')) } catch {} }\"",
      "node -e \"const os=require('os'),path=require('path');['.netrc','.pgpass'].forEach(f=>console.log(require('fs').readFileSync(path.join(os.homedir(),f),'utf8')))\"",
      "python3 -c \"import os;[print(open(os.path.expanduser('~/'+f)).read()) for f in ['.npmrc','.pypirc']]\"",
      "python3 -c \"import os;h=os.path.expanduser('~');[print(open(os.path.join(h,f)).read()) for f in ('.docker/config.json','.git-credentials')]\"",
      "ruby -e '%w[.netrc .pgpass .gem/credentials].each { |f| puts File.read(File.join(Dir.home, f)) rescue nil }'",
      'perl -e \'for my $f (qw(.netrc .pgpass)) { open(my $h, "<", "$ENV{HOME}/$f") or next; print <$h> }\'',
      'for f in .npmrc .pypirc; do cat ~/$f; done',
      'for f in .netrc .pgpass .docker/config.json; do echo "== $f"; cat "$HOME/$f" 2>/dev/null; done',
      'cat <<\'EOF\' > /tmp/r.go && go run /tmp/r.go\npackage main\nimport (\n\t"fmt"\n\t"os"\n\t"path/filepath"\n)\nfunc main() {\n\thome, _ := os.UserHomeDir()\n\tfor _, f := range []string{".npmrc", ".pypirc"} {\n\t\tb, _ := os.ReadFile(filepath.Join(home, f))\n\t\tfmt.Print(string(b))\n\t}\n}\nEOF',
    ])
      expect(await run(c), c).not.toBe('allow');
  });

  it('project files in a loop and existence checks of home files pass', async () => {
    for (const c of [
      "node -e \"for (const f of ['package.json','tsconfig.json']) console.log(require('fs').readFileSync(require('path').join(process.cwd(), f),'utf8'))\"",
      "node -e \"const os=require('os');for (const f of ['.npmrc','.pypirc']) console.log(f, require('fs').existsSync(require('path').join(os.homedir(), f)))\"",
      "python3 -c \"import os;[print(f, os.path.exists(os.path.expanduser('~/'+f))) for f in ['.npmrc','.pypirc']]\"",
      "python3 -c \"import os;[print(open(f).read()) for f in ['README.md','setup.cfg']]\"",
      'for f in .bashrc .zshrc; do cat ~/$f; done',
      'for f in .npmrc .pypirc; do ls -la ~/$f; done',
      'for f in .npmrc .pypirc; do test -f ~/$f && echo "$f present"; done',
      'for f in src/*.ts; do cat $f; done',
    ])
      expect(await run(c), c).toBe('allow');
  });
});

describe('kubernetes secrets listed by name', () => {
  it('custom columns and jsonpath of names and metadata pass', async () => {
    for (const c of [
      'kubectl get secrets -n dev -o custom-columns=NAME:.metadata.name,TYPE:.type,AGE:.metadata.creationTimestamp',
      "kubectl get secrets -o jsonpath='{.items[*].metadata.name}'",
      'kubectl get secrets -A -o jsonpath=\'{range .items[*]}{.metadata.namespace}{"\\t"}{.metadata.name}{"\\n"}{end}\'',
      'kubectl get secrets -o name',
      'kubectl get secrets',
      'kubectl describe secret db-credentials',
    ])
      expect(await run(c), c).toBe('allow');
  });

  it('columns, jsonpath or templates over values, annotations or whole objects stay reads', async () => {
    for (const c of [
      'kubectl get secret db -o custom-columns=PW:.data.password',
      'kubectl get secret db -o custom-columns=ALL:.',
      'kubectl get secrets -o custom-columns=NAME:.metadata.name,CFG:.metadata.annotations',
      "kubectl get secret db -o jsonpath='{.data.password}'",
      "kubectl get secrets -o jsonpath='{.items[*].data}'",
      "kubectl get secret db -o go-template='{{.data.password | base64decode}}'",
      'kubectl get secret db -o yaml',
      'kubectl get secrets -o custom-columns-file=cols.txt',
    ])
      expect(await run(c), c).not.toBe('allow');
  });
});

describe("a secret store's value in a local client's password variable", () => {
  it('vault, op or aws into PGPASSWORD or MYSQL_PWD of a client of localhost passes', async () => {
    for (const c of [
      'PGPASSWORD="$(vault kv get -field=password secret/dev/postgres)" psql -h localhost -U app -d app_dev -c \'select count(*) from schema_migrations\'',
      'PGPASSWORD=$(op read op://dev/pg/password) psql -h 127.0.0.1 -U app app_dev',
      'export PGPASSWORD="$(vault kv get -field=password secret/dev/postgres)" && psql -h localhost -U app -d app_dev',
      'MYSQL_PWD="$(vault kv get -field=password secret/dev/mysql)" mysql -h 127.0.0.1 -u app -e \'show tables\' app_dev',
    ])
      expect(await run(c), c).toBe('allow');
  });

  it('a remote or unnamed server, a shell escape, another program or the value printed stays a read', async () => {
    for (const c of [
      'PGPASSWORD="$(vault kv get -field=password secret/prod/postgres)" psql -h db.prod.example.com -U app -d app',
      'PGPASSWORD="$(vault kv get -field=password secret/dev/postgres)" psql -U app -d app_dev',
      'PGPASSWORD="$(vault kv get -field=password secret/dev/postgres)" psql -h localhost -c \'\\! env\'',
      'PGPASSWORD="$(vault kv get -field=password secret/dev/postgres)" curl -h localhost',
      'X="$(vault kv get -field=password secret/dev/postgres)" psql -h localhost',
      // exported, the value outlives the client (a prefix assignment does not)
      'export PGPASSWORD="$(vault kv get -field=password secret/dev/postgres)" && psql -h localhost; echo $PGPASSWORD',
      'PGPASSWORD="$(cat ~/.pgpass)" psql -h localhost',
      'vault kv get -field=password secret/dev/postgres',
    ])
      expect(await run(c), c).not.toBe('allow');
  });
});
