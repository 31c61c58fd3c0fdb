// A data store's REST API told to destroy what it holds (docs/guard.md "Shell analysis"): an HTTP
// DELETE of Elasticsearch/OpenSearch indices (wildcards, `_all` and lists included), of a CouchDB
// database, an InfluxDB bucket, a Consul KV tree (`?recurse`); a `_delete_by_query` matching
// everything; Solr's core unload with its index or a collection delete; etcd's `deleterange`.
// Sent by curl, HTTPie/xh or wget to a host that is not this machine's; a single document's
// delete (`/index/_doc/ID`) and a local server's reset pass.
import type { ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { hostOf } from './intent-network.js';
import { PRODUCTION_NAME } from './local-test-data.js';

const LOCAL = /^(?:localhost|127(?:\.\d+){3}|\[::1\]|::1|0\.0\.0\.0|host\.docker\.internal)$/i;
/** The stores' usual ports, or a host named for one. */
const STORE_PORT = /:(?:9200|9243|5984|6984|8086|8983|8500|2379)(?:\/|$|\?)/;
const STORE_HOST = /(?:elastic|opensearch|(?<![a-z])es(?![a-z])|couch|influx|solr|consul|etcd)/i;
const HTTP_METHOD = /^(?:get|head|post|put|patch|delete|options)$/i;
const MATCH_ALL = /"match_all"\s*:\s*\{\s*\}|\*:\*/;

/** The method, the URL and the body of a curl/HTTPie/wget command line. */
function request(cmd: ShellCommand): { method: string; url: string; body: string } | null {
  const { argv } = cmd;
  let method = '';
  let url = '';
  let body = '';
  const httpie = cmd.name === 'http' || cmd.name === 'https' || cmd.name === 'xh';
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '-X' || a === '--request' || a === '--method') method = argv[++i] ?? '';
    else if (/^-X[A-Za-z]+$/.test(a)) method = a.slice(2);
    else if (/^--(?:request|method)=/.test(a)) method = a.slice(a.indexOf('=') + 1);
    else if (/^(?:-d|--data(?:-raw|-binary)?|--json|--body-data|--post-data)$/.test(a))
      body += argv[++i] ?? '';
    else if (a.startsWith('-')) continue;
    else if (httpie && method === '' && url === '' && HTTP_METHOD.test(a)) method = a;
    else if (url === '' && (a.includes('://') || /^[\w.-]+:\d+\//.test(a))) url = a;
    else if (httpie && url !== '') body += a;
  }
  return url === '' ? null : { method: method.toUpperCase(), url, body };
}

/** The path and query of a URL (`https://h:9200/a,b?x` is `/a,b?x`). */
function pathOf(url: string): string {
  const rest = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const slash = rest.indexOf('/');
  return slash < 0 ? '/' : rest.slice(slash);
}

/** What the request destroys, or null. */
function destroyed(method: string, url: string, body: string): string | null {
  const path = pathOf(url);
  const [bare = '', query = ''] = path.split('?');
  const segs = bare.split('/').filter((s) => s !== '');
  if (segs.some((s) => s === '_delete_by_query'))
    return body === '' || MATCH_ALL.test(body) || /[?&]q=\*(?:&|$)/.test(query)
      ? 'a delete by query matching everything'
      : null;
  if (segs[0] === 'solr' || segs[0] === 'api' || segs[0] === 'v1' || segs[0] === 'v3') {
    if (
      /action=(?:UNLOAD|DELETE)\b/i.test(query) &&
      (/deleteIndex=true/i.test(query) || /collections/.test(bare))
    )
      return 'a Solr core or collection deleted';
    if (
      segs[0] === 'solr' &&
      /\/update/.test(bare) &&
      /<delete>|"delete"/.test(body) &&
      MATCH_ALL.test(body)
    )
      return 'every Solr document deleted';
    if (method === 'DELETE' && segs[0] === 'api' && segs[1] === 'v2' && segs[2] === 'buckets')
      return 'an InfluxDB bucket deleted';
    if (method === 'DELETE' && segs[0] === 'v1' && segs[1] === 'kv' && /(?:^|&)recurse/.test(query))
      return 'a Consul KV tree deleted';
    if (segs[0] === 'v3' && /^kv$/.test(segs[1] ?? '') && segs[2] === 'deleterange')
      return 'an etcd key range deleted';
    return null;
  }
  // an index, index list, wildcard or `_all` (Elasticsearch, OpenSearch), or a database (CouchDB)
  if (method === 'DELETE' && segs.length === 1 && !/^_(?!all$)/.test(segs[0] ?? ''))
    return `${segs[0] ?? ''} deleted`;
  return null;
}

export function datastoreHttpIntents(cmd: ShellCommand): IntentHit[] {
  const req = request(cmd);
  if (req === null) return [];
  const host = hostOf(req.url, true) ?? req.url.replace(/[:/].*$/, '');
  if (LOCAL.test(host) || (!host.includes('.') && !PRODUCTION_NAME.test(host))) return [];
  if (
    !STORE_PORT.test(req.url) &&
    !STORE_HOST.test(host) &&
    !/_delete_by_query|\/solr\//.test(req.url)
  )
    return [];
  const what = destroyed(req.method, req.url, req.body);
  return what === null
    ? []
    : [{ intent: 'infra_destroy', detail: `${cmd.name}: ${what} on ${host}` }];
}
