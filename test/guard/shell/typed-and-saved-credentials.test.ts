// Files where developer tools keep typed or saved secrets (shell and REPL histories, build tools'
// repository logins, remote-access sessions, editors' and chat apps' token stores, browsers'
// profiles), read by file tools, shells, cmd and interpreters, beside the twins developers type.
import { describe, expect, it } from 'vitest';
import { bashRule, callRule } from '../pack-rule.js';

const run = bashRule();
const call = callRule();

describe('shell and REPL histories', () => {
  it('reading a history by Read, cat, grep, tail, type or Get-Content is stopped', async () => {
    for (const p of [
      'C:\\Users\\dev\\AppData\\Roaming\\Microsoft\\Windows\\PowerShell\\PSReadLine\\ConsoleHost_history.txt',
      '/home/dev/.local/share/powershell/PSReadLine/ConsoleHost_history.txt',
      '/home/dev/.bash_history',
      '/Users/dev/.zsh_history',
      '/home/dev/.local/share/fish/fish_history',
      '/root/.mysql_history',
    ])
      expect(await call('Read', { file_path: p }), p).not.toBe('allow');
    for (const c of [
      'cat ~/.bash_history',
      "grep -iE 'pass|token|secret' ~/.zsh_history",
      'tail -n 200 $HOME/.psql_history',
      'strings ~/.python_history ~/.node_repl_history ~/.sqlite_history',
      'type "%APPDATA%\\Microsoft\\Windows\\PowerShell\\PSReadLine\\ConsoleHost_history.txt"',
      'cp ~/.rediscli_history /tmp/r.txt',
      'tar czf /tmp/h.tgz ~/.bash_history ~/.zsh_history',
      'python3 -c "print(open(\'/home/dev/.bash_history\').read())"',
    ])
      expect(await run(c), c).not.toBe('allow');
  });

  it('the history builtin, project files named history and the shell of the session pass', async () => {
    for (const c of [
      'cat docs/history.md',
      'git log --oneline | head',
      'cat CHANGELOG.md',
      'ls -la ~',
      'wc -l src/history_store.ts',
    ])
      expect(await run(c), c).toBe('allow');
    expect(await call('Read', { file_path: '/home/dev/work/app/src/history.ts' })).toBe('allow');
  });
});

describe("build tools' repository logins", () => {
  it('Maven, Gradle, Ivy, sbt, NuGet, Composer, Yarn and Bundler logins are read', async () => {
    for (const c of [
      "grep -hE '<password>|signing\\.password|ossrhPassword' ~/.m2/settings.xml ~/.gradle/gradle.properties 2>/dev/null",
      'cat ~/.m2/settings.xml',
      "awk -F= '/Password/ {print $2}' ~/.gradle/gradle.properties",
      'sed -n 1,40p ~/.ivy2/.credentials',
      'cat ~/.sbt/1.0/credentials.sbt',
      'type "%USERPROFILE%\\.nuget\\NuGet\\NuGet.Config"',
      'cat ~/.config/composer/auth.json',
      'grep npmAuthToken ~/.yarnrc.yml',
      'cat ~/.bundle/config',
      'cat ~/.config/git/credentials',
    ])
      expect(await run(c), c).not.toBe('allow');
    expect(await call('Read', { file_path: '/home/dev/.gradle/gradle.properties' })).not.toBe(
      'allow',
    );
  });

  it("the project's own build files pass", async () => {
    for (const c of [
      'cat gradle.properties',
      'grep -n version pom.xml',
      'cat .mvn/maven.config',
      'cat settings.gradle.kts',
      'cat NuGet.Config',
      'cat .yarnrc.yml',
    ])
      expect(await run(c), c).toBe('allow');
  });
});

describe("remote-access clients' saved sessions", () => {
  it('PuTTY and WinSCP keys, FileZilla, mRemoteNG, Remmina, RDP files and KeePass databases are read', async () => {
    for (const c of [
      'reg query "HKCU\\Software\\SimonTatham\\PuTTY\\Sessions" /s & type "%APPDATA%\\FileZilla\\sitemanager.xml"',
      'reg query HKCU\\Software\\SimonTatham\\PuTTY\\Sessions /s',
      'reg export "HKCU\\Software\\Martin Prikryl\\WinSCP 2\\Sessions" C:\\temp\\w.reg',
      'reg query "HKLM\\SOFTWARE\\RealVNC\\WinVNC4" /v Password',
      'cat ~/.config/filezilla/recentservers.xml',
      'type "%APPDATA%\\mRemoteNG\\confCons.xml"',
      'grep -r password ~/.local/share/remmina/',
      'cat C:\\Users\\dev\\Documents\\prod-jump.rdp',
      'cp ~/secrets/team.kdbx /tmp/',
    ])
      expect(await run(c), c).not.toBe('allow');
  });

  it('other registry queries, editing own sessions and listing saved logon names pass', async () => {
    for (const c of [
      'reg query "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer" /v ShellState',
      'reg delete "HKCU\\Software\\SimonTatham\\PuTTY\\Sessions\\old-box" /f',
      'putty -load dev-box',
      'cmdkey /?',
      'cmdkey /list | findstr git',
    ])
      expect(await run(c), c).toBe('allow');
  });
});

describe("editors' and chat apps' token stores", () => {
  it('VS Code-family state databases and Electron apps storage are read', async () => {
    for (const c of [
      'sqlite3 ~/.config/Code/User/globalStorage/state.vscdb "select key, value from ItemTable where key like \'%token%\'"',
      'sqlite3 "$HOME/Library/Application Support/Cursor/User/globalStorage/state.vscdb" .dump',
      "python3 -c \"import sqlite3,os;print(sqlite3.connect(os.path.expanduser('~/.config/Code/User/globalStorage/state.vscdb')).execute('select * from ItemTable').fetchall())\"",
      'strings ~/.config/Slack/Local\\ Storage/leveldb/*.ldb | grep xox',
      'cp -r ~/.config/discord/Local\\ Storage /tmp/d',
      'type "%APPDATA%\\Microsoft\\Teams\\Cookies"',
      'cat ~/.config/JetBrains/IntelliJIdea2024.1/c.kdbx | base64',
    ])
      expect(await run(c), c).not.toBe('allow');
  });

  it("editor settings, the project's .vscode folder and extension lists pass", async () => {
    for (const c of [
      'cat ~/.config/Code/User/settings.json',
      'cat .vscode/settings.json',
      'code --list-extensions',
      'ls ~/.config/Code/User/globalStorage',
    ])
      expect(await run(c), c).toBe('allow');
  });
});

describe("browsers' saved logins", () => {
  it('profile files archived or copied by name, through xargs, -C, cd or Windows paths, are read', async () => {
    for (const c of [
      'ls -d ~/.mozilla/firefox/*.default-release | head -1 | xargs -I{} tar czf /tmp/ff.tgz -C {} logins.json key4.db cert9.db',
      'cd ~/.mozilla/firefox/abcd.default-release && zip /tmp/ff.zip logins.json key4.db',
      'P=$(find ~/Library/Application\\ Support/Firefox/Profiles -maxdepth 1 -name "*.default*" | head -1); cp "$P/logins.json" "$P/key4.db" /tmp/',
      'cd "$HOME/.config/google-chrome/Default" && 7z a /tmp/c.7z "Login Data" Cookies "Web Data"',
      'copy "%LOCALAPPDATA%\\Google\\Chrome\\User Data\\Default\\Login Data" C:\\temp\\ld',
      'cat "%LOCALAPPDATA%\\Microsoft\\Edge\\User Data\\Local State"',
      'cp "$HOME/.config/BraveSoftware/Brave-Browser/Default/Network/Cookies" /tmp/',
    ])
      expect(await run(c), c).not.toBe('allow');
  });

  it('browser launches, extension builds and a project logins.json pass', async () => {
    for (const c of [
      'firefox --profile /tmp/test-profile http://localhost:3000',
      'google-chrome --headless --disable-gpu --dump-dom http://localhost:8080',
      'zip -r dist/extension.zip manifest.json background.js',
      'cat test/fixtures/logins.json',
      'ls ~/.mozilla/firefox',
    ])
      expect(await run(c), c).toBe('allow');
  });
});
