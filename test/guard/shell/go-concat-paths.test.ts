// Go programs naming a path by string concatenation (`h + "/go"`): a home folder's child removed is
// the same loss as `rm -rf ~/go`; a cache or scratch folder under home stays a program's own business.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const go = (body: string, run = "go run - <<'G'"): string => `${run}\npackage main\n${body}\nG`;

const TABLE: IntentTable = [
  [
    'destructive_delete',
    [
      go('import "os"\nfunc main(){ h,_:=os.UserHomeDir(); os.RemoveAll(h+"/code") }'),
      go('import "os"\nfunc main(){ os.RemoveAll(os.Getenv("HOME") + "/projects") }'),
      go(
        'import "os"\nfunc main(){\n\thome, _ := os.UserHomeDir()\n\tp := home + "/" + ".ssh"\n\tos.RemoveAll(p)\n}',
      ),
      go(
        'import "os"\nfunc main(){ h,_:=os.UserHomeDir(); os.RemoveAll(h + `/.aws`) }',
        "go run /dev/stdin <<'G'",
      ),
      `cat > wipe.go <<'E'\npackage main\nimport "os"\nfunc main() { d, _ := os.UserHomeDir(); os.RemoveAll(d + "/go") }\nE\ngo run wipe.go`,
    ],
    [
      go('import "os"\nfunc main(){ h,_:=os.UserHomeDir(); os.RemoveAll(h+"/.cache/go-build/x") }'),
      go('import "os"\nfunc main(){ d,_:=os.MkdirTemp("", "t"); os.RemoveAll(d+"/out") }'),
      go('import "os"\nfunc main(){ os.RemoveAll("build" + "/gen") }'),
      go('import "os"\nfunc main(){ name := "a+b"; os.Remove("out/" + name + ".txt") }'),
    ],
  ],
];

describe('Go paths joined with +', () => {
  itRaisesIntents(kit, TABLE);
});
