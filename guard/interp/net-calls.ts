// Network calls of Python and JavaScript code (docs/guard.md "Interpreter code"): which calls reach a
// host, which of them send data (an upload) and where, including through a connection object.
import type { CodeCall, Val } from './calls.js';

/** Clients whose methods are HTTP verbs: `requests`, `httpx`, their sessions, `axios`, `got`. */
const CLIENT =
  /^(?:requests|httpx|axios|got|superagent|needle|undici|requests\.Session\(\)|requests\.session\(\)|httpx\.Client\(\)|httpx\.AsyncClient\(\)|aiohttp\.ClientSession\(\)|urllib3\.PoolManager\(\))\.(get|head|options|delete|post|put|patch|request|stream|fetch)$/;
/** Constructors of a connection whose later calls send: `http.client.HTTPSConnection(host)`, `socket.socket()`. */
export const CONNECTIONS =
  /^(?:http\.client\.HTTPS?Connection|HTTPS?Connection|socket\.socket|ftplib\.FTP(?:_TLS)?|smtplib\.SMTP(?:_SSL)?|telnetlib\.Telnet)$/;
const CONN_SEND =
  /^(?:http\.client\.HTTPS?Connection|HTTPS?Connection|socket\.socket|ftplib\.FTP(?:_TLS)?|smtplib\.SMTP(?:_SSL)?|telnetlib\.Telnet)\(\)\.(request|putrequest|send|sendall|sendto|sendfile|storbinary|storlines|sendmail|send_message|write)$/;
const BODY_KEYS = ['data', 'json', 'files', 'content', 'body', 'fields'];
const SENDING = /^['"`]?(?:POST|PUT|PATCH)['"`]?$/i;

export interface NetCall {
  upload: boolean;
  hosts: string[];
}

/** A call argument's string value, or null when it is not a string literal. */
export const str = (v: Val | undefined): string | null => (typeof v === 'string' ? v : null);
const unquote = (v: Val | undefined): string | null =>
  str(v)?.replace(/^['"`]|['"`]$/g, '') ?? null;

/** The host a call names: a URL's, or a bare host name; none when it names neither. */
export function hostOf(url: string | null): string[] {
  if (url === null) return [];
  try {
    return [new URL(url).hostname];
  } catch {
    return /^[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/.test(url) ? [url] : [];
  }
}

/**
 * The host of a request's address: the whole address's, or else the host its literal start names,
 * complete up to a path, query or fragment (`'https://h/p/' + x`; never `'https://h' + x`).
 */
export function addressHosts(c: CodeCall, url: string | null, key: string): string[] {
  return url !== null ? hostOf(url) : prefixHost(c.shapes[key]?.prefix ?? '');
}

/** The host the literal start of an address names, when a path, query or fragment follows it. */
export function prefixHost(prefix: string): string[] {
  const m = PREFIX_HOST.exec(prefix);
  return m?.[1] === undefined ? [] : [m[1].toLowerCase()];
}
const PREFIX_HOST = /^(?:https?|wss?):\/\/([A-Za-z0-9.-]{1,253})(?::\d{1,5})?[/?#]/i;

const hasBody = (c: CodeCall): boolean => BODY_KEYS.some((k) => k in c.kwargs);

/**
 * The network use of one call, or null when it is none. `conn` carries the hosts of connection
 * objects made earlier in the same program (a send on one goes there).
 */
export function netCall(c: CodeCall, conn: string[]): NetCall | null {
  const name = c.callee;
  const client = CLIENT.exec(name);
  if (client !== null) {
    const verb = client[1] ?? '';
    // `requests.request('PUT', url)`, `axios.request({method, url, data})`
    const generic = verb === 'request' || verb === 'stream' || verb === 'fetch';
    const method = generic ? (str(c.args[0]) ?? unquote(c.kwargs.method)) : verb;
    const key = generic && (str(c.args[1]) !== null || c.shapes['1'] !== undefined) ? '1' : '0';
    const url = generic && str(c.args[1]) !== null ? str(c.args[1]) : str(c.args[0]);
    const upload =
      /^(?:post|put|patch)$/i.test(method ?? '') ||
      hasBody(c) ||
      (/^(?:axios|got)\./.test(name) && /^(?:post|put|patch)$/.test(verb));
    const byKey = url === null && c.shapes[key] === undefined;
    return {
      upload,
      hosts: addressHosts(c, url ?? unquote(c.kwargs.url), byKey ? 'url' : key),
    };
  }
  // `axios({method: 'post', url, data})`, `axios(url, {method, data})`
  if (name === 'axios' || name === 'got') {
    const url = str(c.args[0]) ?? unquote(c.kwargs.url);
    const key = c.shapes['0'] === undefined ? 'url' : '0';
    return {
      upload: SENDING.test(str(c.kwargs.method) ?? '') || hasBody(c),
      hosts: addressHosts(c, url, key),
    };
  }
  // `urllib.request.Request(url, data)` or with `method='PUT'`: the request `urlopen` sends
  if (/^(?:urllib\.request\.Request|Request)$/.test(name)) {
    const upload =
      c.args.length > 1 || 'data' in c.kwargs || SENDING.test(str(c.kwargs.method) ?? '');
    // without a body it is a GET, which still carries its headers to the host
    return { upload, hosts: addressHosts(c, str(c.args[0]), '0') };
  }
  if (/^(?:urllib\.request\.urlopen|urlopen)$/.test(name))
    return {
      upload: c.args.length > 1 || 'data' in c.kwargs,
      hosts: addressHosts(c, str(c.args[0]), '0'),
    };
  // Node's `http.request(url, {method: 'POST'})`, `https.request({hostname, method})`
  if (/^(?:https?|node:https?)\.request$/.test(name)) {
    const url = str(c.args[0]);
    const hosts =
      url !== null || c.shapes['0'] !== undefined
        ? addressHosts(c, url, '0')
        : hostOf(unquote(c.kwargs.hostname ?? c.kwargs.host));
    return { upload: SENDING.test(str(c.kwargs.method) ?? ''), hosts };
  }
  if (CONNECTIONS.test(name)) {
    const host = str(c.args[0]);
    if (host !== null && !/^\d+$/.test(host)) conn.push(host);
    return { upload: false, hosts: host === null ? [] : [host] };
  }
  const send = CONN_SEND.exec(name);
  if (send !== null) {
    const m = send[1] ?? '';
    // `conn.request('GET', path)` reads; a method that sends, a body or a raw send is an upload
    const upload =
      m !== 'request' && m !== 'putrequest'
        ? true
        : SENDING.test(str(c.args[0]) ?? '') || c.args.length > 2 || 'body' in c.kwargs;
    return { upload, hosts: [...conn] };
  }
  return null;
}
