// Child processes that load a module, then wait for one instant so what they do next meets inside
// the OS or SQLite: races between separate processes, as the hook, proxy and CLI run.
import { spawn } from 'node:child_process';

export interface ChildEnd {
  code: number | null;
  stderr: string;
}

/** Runs `load`, then `act` once the clock reaches `startAt`, in a new Node process (ES module text). */
export function runAt(startAt: number, load: string, act: string): Promise<ChildEnd> {
  const code = `${load}\nwhile (Date.now() < ${String(startAt)});\n${act}`;
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code]);
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('close', (c) => {
      done({ code: c, stderr });
    });
  });
}
