// macOS persistence from a shell: an agent disguised as Apple's loaded from a user's folder, a plist
// loaded from outside the LaunchAgents folders, programs submitted straight to launchd, loader
// variables set for every app, login items and login hooks. Beside them what developers run:
// listing and kicking services, Homebrew's agents, their own agents, reading plists and settings.
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
    'sensitive_write',
    read(String.raw`
      launchctl load -w ~/Library/LaunchAgents/com.apple.updatehelper.plist && cp /tmp/uh ~/Library/Application\ Support/uh && chmod +x ~/Library/Application\ Support/uh
      launchctl load ~/Library/LaunchAgents/com.apple.softwareupdate.agent.plist
      launchctl bootstrap gui/$(id -u) "$HOME/Library/LaunchAgents/com.apple.sysmond.plist"
      sudo launchctl bootstrap system /Library/LaunchDaemons/com.apple.diagnosticd.helper.plist
      launchctl load -w /tmp/agent.plist
      launchctl bootstrap gui/501 ./com.acme.sync.plist
      launchctl load ~/Downloads/helper.plist
      launchctl submit -l com.acme.keepalive -- /Users/dev/.local/bin/uh
      launchctl setenv DYLD_INSERT_LIBRARIES /tmp/libx.dylib
      launchctl setenv NODE_OPTIONS "--require /tmp/hook.js"
      osascript -e 'tell application "System Events" to make login item at end with properties {path:"/Users/dev/.uh/uh", hidden:true}'
      osascript -l JavaScript -e 'Application("System Events").loginItems.push(Application("System Events").LoginItem({path: "/tmp/uh"}))'
      sudo defaults write com.apple.loginwindow LoginHook /Users/Shared/.hook.sh
      defaults write com.apple.loginwindow LogoutHook /tmp/out.sh
    `),
    read(String.raw`
      launchctl list
      launchctl list | grep -i docker
      launchctl print gui/501/homebrew.mxcl.postgresql@16
      launchctl kickstart -k gui/501/homebrew.mxcl.postgresql@16
      launchctl load -w ~/Library/LaunchAgents/homebrew.mxcl.mysql.plist
      launchctl load ~/Library/LaunchAgents/dev.maria.colima.plist
      launchctl bootstrap gui/501 ~/Library/LaunchAgents/dev.maria.colima.plist
      sudo launchctl load -w /System/Library/LaunchDaemons/com.apple.screensharing.plist
      launchctl enable system/com.apple.screensharing
      launchctl unload ~/Library/LaunchAgents/com.apple.updatehelper.plist
      launchctl bootout gui/501/com.apple.updatehelper
      launchctl setenv JAVA_HOME /opt/homebrew/opt/openjdk
      brew services start postgresql@16
      plutil -p ~/Library/LaunchAgents/dev.maria.colima.plist
      defaults read com.apple.loginwindow
      defaults write com.apple.dock autohide -bool true
      osascript -e 'tell application "System Events" to get the name of every login item'
      osascript -e 'display notification "build done" with title "make"'
    `),
  ],
];

describe('macOS persistence through launchd, login items and hooks', () => {
  itRaisesIntents(kit, TABLE);
});
