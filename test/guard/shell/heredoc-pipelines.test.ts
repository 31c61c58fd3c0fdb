// What follows a heredoc's marker on its line: a pipeline the heredoc feeds (`cat <<'E' | bash`)
// and the next command of a list (`cat <<'E' && rm ...`). The grammar nests both inside the
// heredoc; they run all the same. Beside heredocs piped to tools that run nothing from them.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'destructive_delete',
    [
      "cat <<'E' | bash\nrm -rf ~\nE",
      'cat <<E | sh\nrm -rf ~\nE',
      "cat <<'E' && rm -rf ~\nbody\nE",
      'cat <<\'E\' | python3 -\nimport shutil; shutil.rmtree("/")\nE',
      'cat <<\'G\' | go run /dev/stdin\npackage main\nimport "os"\nfunc main() { os.RemoveAll("/") }\nG',
      "cat <<'E' | base64 -d | bash\ncm0gLXJmIH4K\nE",
      "cat <<'E' | sudo bash -s\nrm -rf ~/*\nE",
    ],
    [
      "cat <<'E' | kubectl apply -f -\napiVersion: v1\nkind: ConfigMap\nE",
      'python3 - <<\'E\' | tee out.txt\nprint("hi")\nE',
      "cat <<'E' | bash\necho hello\nE",
      "cat <<'E' > notes.md && git add notes.md\nhello\nE",
      'cat <<\'E\' | python3 -\nimport shutil; shutil.rmtree("build")\nE',
    ],
  ],
];

describe('commands after a heredoc marker', () => {
  itRaisesIntents(kit, TABLE);
});
