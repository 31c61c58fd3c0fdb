// Mail clients as an egress channel (docs/guard.md "Egress"): a file attached, redirected into, or
// piped from a program into `mail`, `mutt`, `sendmail`, `msmtp`, `swaks` or `Send-MailMessage`
// leaves for the recipient's domain. A constant line (`echo done | mail ...`) carries nothing read.
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';

const MAILERS = new Set([
  'mail',
  'mailx',
  'Mail',
  's-nail',
  'bsd-mailx',
  'nail',
  'mutt',
  'neomutt',
  'sendmail',
  'ssmtp',
  'msmtp',
  'swaks',
  'send-mailmessage',
]);
/** Options that attach a file (`-a` of mailx and mutt, `-A` of s-nail, swaks' `--attach`). */
const ATTACH = /^(?:-a|-A|--attach|--attach-body|-attachments?)$/i;
/** Options whose value is the body, a file when it starts with `@` (swaks) or reads one (PowerShell). */
const BODY = /^(?:--body|--data|-body)$/i;
const BODY_READ = /^@|^-$|Get-Content|\bgc\b|\bcat\b|\[IO\.File\]|^\$/i;
/** Options whose value names the SMTP relay (swaks, msmtp, Send-MailMessage). */
const RELAY = /^(?:--server|-s|-smtpserver|--host)$/i;
const RELAY_CLIENTS = new Set(['swaks', 'msmtp', 'send-mailmessage']);
/** What sendmail and swaks do without sending: verify an address, print the queue, test a server. */
const NO_SEND = /^(?:-bv|-bp|-bt|--quit-after|-q|--quit)$/;
const ADDRESS = /^[^@\s<>"']+@([A-Za-z0-9.-]+\.[A-Za-z]{2,})>?$/;
/** Producers whose output is text the command spells out, not data read from anywhere. */
const CONSTANT_PRODUCER = /^(?:echo|printf|true)$/;

function domains(cmd: ShellCommand, name: string): string[] {
  const out = new Set<string>();
  const argv = cmd.argv;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const m = ADDRESS.exec(a.replace(/^(?:--to=|-to=|mailto:)/i, ''));
    if (m?.[1] !== undefined) out.add(m[1].toLowerCase());
    if (RELAY.test(a) && RELAY_CLIENTS.has(name)) {
      const host = (argv[i + 1] ?? '').replace(/:\d+$/, '');
      if (/^[A-Za-z0-9.-]+$/.test(host)) out.add(host.toLowerCase());
    }
  }
  return [...out];
}

function relayIsLocal(argv: readonly string[]): boolean {
  const i = argv.findIndex((a) => RELAY.test(a));
  const host = (argv[i + 1] ?? '').replace(/:\d+$/, '').toLowerCase();
  return (
    i > 0 && /^(?:localhost|127(?:\.\d+){3}|::1|\[::1\]|mailhog|mailpit|mailcatcher)$/.test(host)
  );
}

/** What the mail carries read from somewhere, or null when it carries only the command's text. */
function carried(cmd: ShellCommand, all: ShellAnalysis): string | null {
  const argv = cmd.argv;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (ATTACH.test(a) && argv[i + 1] !== undefined) return `attaches ${argv[i + 1] ?? ''}`;
    if (/^--attach(?:-body)?=/.test(a)) return `attaches ${a.replace(/^[^=]*=/, '')}`;
    if (BODY.test(a) && BODY_READ.test(argv[i + 1] ?? '')) return `sends ${argv[i + 1] ?? ''}`;
    if (/^-a./.test(a) && cmd.name !== 'sendmail') return `attaches ${a.slice(2)}`;
  }
  const input = cmd.redirects.find((r) => r.op === '<' && r.target !== '/dev/null');
  if (input !== undefined) return `sends ${input.target}`;
  if (cmd.pipeline >= 0 && cmd.stage > 0) {
    const producers = all.commands.filter(
      (c) => c.pipeline === cmd.pipeline && c.stage < cmd.stage,
    );
    const data = producers.find(
      (c) => !CONSTANT_PRODUCER.test(c.name) || c.argv.some((w) => /[$`]/.test(w)),
    );
    if (data !== undefined) return `sends the output of ${data.name}`;
  }
  return null;
}

/** A mail that carries a file or a program's output: an upload to the recipients' domains. */
export function mailIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const name = cmd.name.toLowerCase() === 'send-mailmessage' ? 'send-mailmessage' : cmd.name;
  if (!MAILERS.has(name) || cmd.argv.some((a) => NO_SEND.test(a))) return [];
  const what = carried(cmd, all);
  if (what === null) return [];
  // a local mail catcher (MailHog, Mailpit on localhost:1025) keeps every mail on the machine
  if (RELAY_CLIENTS.has(name) && relayIsLocal(cmd.argv)) return [];
  const hosts = domains(cmd, name);
  // no domain and no `-t` (recipients read from the message): a local mailbox (`mail -s x root`)
  if (hosts.length === 0 && !cmd.argv.includes('-t')) return [];
  return [{ intent: 'upload', detail: `${cmd.name} ${what}`, hosts }];
}
