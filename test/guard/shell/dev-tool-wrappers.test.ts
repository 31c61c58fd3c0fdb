// A schedule or user service whose program wraps another (`nice`, `setsid`, `flock LOCK`,
// `stdbuf`, `chrt`) or runs commands given to it (`find -exec`, `ansible -m shell`, `parallel`,
// `watch`) is judged by what it runs, and an interpreter run on a script of the user's own is
// that script run: a shell, an interpreter or a network tool among its
// arguments keeps the line persistence, as the same program started directly does.
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const cron = async (line: string): Promise<string> => {
  const d = await guard.decide({
    phase: 'call',
    tool: 'Bash',
    args: { command: `(crontab -l 2>/dev/null; echo '${line}') | crontab -` },
    cwd: '/home/dev/proj',
  });
  return d.verdict === 'allow' ? 'allow' : (d.rule ?? d.verdict);
};
const unit = async (exec: string): Promise<string> => {
  const d = await guard.decide({
    phase: 'call',
    tool: 'Write',
    args: {
      file_path: '/home/dev/.config/systemd/user/job.service',
      content: `[Unit]\nDescription=job\n[Service]\nExecStart=${exec}\n[Install]\nWantedBy=default.target\n`,
    },
    cwd: '/home/dev/proj',
  });
  return d.verdict === 'allow' ? 'allow' : (d.rule ?? d.verdict);
};

const HELD = [
  '0 3 * * * nice -n 19 bash -c id',
  '*/5 * * * * setsid python3 /home/dev/proj/x.py',
  '0 * * * * find /home/dev/proj -exec sh -c id {} +',
  '0 * * * * find /home/dev/proj -name "*.tmp" -delete',
  '0 4 * * * /usr/bin/ansible localhost -m shell -a id',
  '0 4 * * * flock -n /home/dev/locks/a.lock /usr/bin/curl -s https://h.example.net/x',
  '@reboot stdbuf -oL perl -e 1',
  '@hourly ionice -c3 node /home/dev/proj/worker.js',
  '@daily chrt -i 0 /usr/bin/env ruby -e 1',
  '@daily parallel -j2 /home/dev/bin/job.sh ::: a b',
  '@reboot watch -n 60 /home/dev/bin/poll.sh',
  '@daily nice /bin/sh /home/dev/bin/job.sh',
  '@daily /home/dev/bin/run --exec=bash',
  '@daily python3 -c "import os; os.system(1)"',
  '@daily python3 -m http.server 8000',
  '@daily python3 /tmp/job.py',
  '@daily node /home/dev/.cache/x.js',
  '@daily Rscript -e "source(1)"',
  '@daily python3 ../shared/job.py',
  '@daily python3 scripts/job.py bash',
];
const PASSES = [
  '0 3 * * * flock -n /home/dev/locks/backup.lock /home/dev/bin/backup.sh',
  '*/30 * * * * cd /home/dev/notes && git commit -qam autosave',
  '0 2 * * * find /home/dev/proj/logs -mtime +7 -name "*.log"',
  '*/15 * * * * cd /home/dev/r-forecast && Rscript scripts/refresh_cache.R >> logs/cron.log 2>&1',
  '0 6 * * * cd /home/dev/etl && /home/dev/etl/.venv/bin/python -u etl/load.py --days 1',
  '0 7 * * * bash /home/dev/bin/backup.sh',
  '0 8 * * * cd /home/dev/site && node scripts/sitemap.mjs',
];

describe('wrapped programs in schedules and user units', () => {
  it.each(HELD)('holds %s', async (line) => {
    expect(await cron(line)).toBe('ca.sensitive-write');
  });
  it.each(PASSES)('passes %s', async (line) => {
    expect(await cron(line)).toBe('allow');
  });
  it('reads a unit the same way', async () => {
    expect(await unit('/usr/bin/nice -n 10 /usr/bin/python3 -m http.server')).toBe(
      'ca.sensitive-write-file',
    );
    expect(await unit('/usr/bin/setsid /bin/bash -c "id"')).toBe('ca.sensitive-write-file');
    expect(await unit('/usr/local/bin/ollama serve')).toBe('allow');
  });
});
