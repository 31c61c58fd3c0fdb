// `sudo systemctl restart postgresql@16-main`, `sudo journalctl -u nginx --no-pager`, `sudo ss -tlnp`:
// restarting, reloading or asking the state of a packaged data or web service, and reading its
// logs or the listening sockets, need root but change no file, user or permission. Only services
// whose program and configuration come from packages count (their files need root to change,
// which is held on its own); a unit of the project's own could run code the agent wrote as root.
// Stopping, disabling, masking, editing and every other unit stay a privilege change
// (docs/guard.md "Shell analysis").
import type { ShellCommand } from './model.js';

/** Packaged servers a developer restarts after changing their settings. */
const PACKAGED =
  /^(?:postgresql|mysql|mysqld|mariadb|redis|redis-server|valkey|memcached|mongod|nginx|apache2|httpd|caddy|haproxy|rabbitmq-server|elasticsearch|opensearch|php[\d.]*-fpm|docker|containerd|cassandra|kafka|zookeeper|clickhouse-server|influxdb|grafana-server|prometheus)$/;
const STATE_VERBS =
  /^(?:restart|try-restart|reload|reload-or-restart|status|is-active|is-failed|show)$/;
const SYSTEMCTL_OPTS = /^(?:--no-pager|-l|--full|-q|--quiet|--lines=\d+)$/;
/** journalctl options that rotate, delete, flush or re-key the journal. */
const JOURNAL_WRITES =
  /^--(?:vacuum|rotate|flush|sync|relinquish-var|smart-relinquish-var|setup-keys|update-catalog)/;

/** `postgresql@16-main.service` → `postgresql`. */
const unitBase = (u: string): string => u.replace(/\.service$/, '').replace(/@.*$/, '');

function packagedUnits(units: readonly string[]): boolean {
  return units.length > 0 && units.every((u) => PACKAGED.test(unitBase(u)));
}

/** True when `cmd` (run under sudo) only restarts, reloads or reads a packaged service's state. */
export function sudoServiceOp(cmd: ShellCommand): boolean {
  const args = cmd.argv.slice(1);
  switch (cmd.name) {
    case 'systemctl': {
      const words = args.filter((a) => !a.startsWith('-'));
      // a host, root, user manager or other option may reach another system's units
      if (args.some((a) => a.startsWith('-') && !SYSTEMCTL_OPTS.test(a))) return false;
      return STATE_VERBS.test(words[0] ?? '') && packagedUnits(words.slice(1));
    }
    case 'journalctl': {
      if (
        args.some(
          (a) =>
            JOURNAL_WRITES.test(a) ||
            /^(?:-D|--directory|--file|-M|--machine|-o|--output)(?:=|$)/.test(a),
        )
      )
        return false;
      const units: string[] = [];
      for (let i = 0; i < args.length; i++) {
        const a = args[i] ?? '';
        if (a === '-u' || a === '--unit') units.push(args[++i] ?? '');
        else if (a.startsWith('--unit=')) units.push(a.slice(7));
        else if (/^-u./.test(a)) units.push(a.slice(2));
      }
      return packagedUnits(units);
    }
    case 'ss':
      return args.every((a) => /^-[tulnpaex]+$/.test(a));
    case 'lsof':
      return args.every(
        (a) => /^-(?:[inPt]+|i(?:tcp|udp)?(?::\d{1,5})?)$/.test(a) || /^:\d{1,5}$/.test(a),
      );
    default:
      return false;
  }
}
