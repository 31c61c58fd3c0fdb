// A developer server a schedule or user service starts must stay on the loopback interface with
// its authentication on (docs/guard.md "Shell analysis"): a notebook or preview server listening
// on every interface, or with its token, password or origin checks off, hands whoever reaches
// the port the user's code execution.

/** Options that choose the address a server listens on: any address but loopback is exposure. */
const BIND_FLAG = /^--?(?:[\w-]+\.)?(?:ip|bind|listen)$/i;
/** Options that may also name a host a client connects to: only a wildcard address is exposure. */
const HOST_FLAG = /^--?(?:[\w-]+\.)?(?:host|hostname|address|addr|interface)$/i;
/** Short options dev servers take an address with (`mkdocs serve -a`, `gunicorn -b`). */
const SHORT_ADDR_FLAG = /^-[ab]$/;
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])(?::\d+)?$/i;
/** Every interface: `0.0.0.0`, `::`, `[::]`, `*`, or a port alone (`:8000`). */
const WILDCARD = /^(?:0\.0\.0\.0|::|\[::\]|\*|0)?(?::\d+)?$/;
/** IPv6's every-interface address as an operand (`runserver [::]:8000`). */
const ANY_V6 = /^(?:::|\[::\])(?::\d+)?$/;
/** An address with a port, or an IPv4 address: what a short option's value must look like to be one. */
const ADDRESS = /^(?:[\w.-]+|\[[\da-f:]+\]|\*)?:\d+$|^\d{1,3}(?:\.\d{1,3}){3}$/i;
/**
 * Authentication or origin checks turned off: `--no-auth`, `--allow-root`, an empty
 * `--ServerApp.token=` or `--NotebookApp.password=`, `--auth none`, Jupyter's `allow_origin`,
 * `disable_check_xsrf` and `allow_remote_access`.
 */
const AUTH_OFF =
  /^--(?:no-auth|disable-auth|without-auth|allow-root|insecure|unsafe-perm)$|^--(?:[\w-]+\.)?(?:token|password|auth)=(?:none|''|"")?$|allow_origin|disable_check_xsrf|allow_remote_access|allow_unauthenticated/i;

/** Whether a program's arguments open its server beyond loopback or turn its checks off. */
export function exposesServer(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a.includes('0.0.0.0') || AUTH_OFF.test(a)) return true;
    const eq = a.indexOf('=');
    const flag = eq > 0 && a.startsWith('-') ? a.slice(0, eq) : a;
    const value = eq > 0 && a.startsWith('-') ? a.slice(eq + 1) : args[i + 1];
    if (value === undefined || !flag.startsWith('-')) {
      if (ANY_V6.test(a)) return true;
      continue;
    }
    if (/^--?auth$/i.test(flag) && /^none$/i.test(value)) return true;
    if (BIND_FLAG.test(flag) && !LOOPBACK.test(value)) return true;
    // a port alone (`--console-address :9001`) is the server's default interface, not a choice of all
    if (HOST_FLAG.test(flag) && WILDCARD.test(value) && !value.startsWith(':')) return true;
    if (SHORT_ADDR_FLAG.test(flag) && ADDRESS.test(value) && !LOOPBACK.test(value)) return true;
  }
  return false;
}

/** An `Environment=` value that opens a server: a wildcard address or an empty token or password. */
export function exposesServerEnv(value: string): boolean {
  return (
    value.includes('0.0.0.0') ||
    /=\[?::\]?(?::\d+)?(?:\s|"|$)|(?:TOKEN|PASSWORD)=(?:\s|"|$)/i.test(value)
  );
}
