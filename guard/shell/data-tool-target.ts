// Whether a data tool's command runs against production (docs/guard.md "Data tools against
// production"): a target, environment or settings flag naming it, the framework's environment
// variable set to it, or a database URL whose host is neither local nor named for development.

const PROD_NAME = /(?:^|[-_./:=@])(?:prod|production|prd|live)(?:$|[-_./:\d])/i;
const DEV_NAME =
  /(?:^|[-_./:=@])(?:dev|devel|development|local|localhost|test|testing|ci|staging|stage|stg|qa|sandbox|scratch|tmp|example)(?:$|[-_./:\d])/i;
/** Flags whose value names the environment, target or settings a tool runs with. */
const TARGET_FLAGS =
  /^(?:--?target|-t|--?env|-e|--?environment|--profile|--settings|-x|--context|--?configFiles|--config|-c|--schema|--stage|--defaults-file)$/;
/** The frameworks' environment variables (Rails, Rack, Elixir, Node, Laravel, Flask, Django, dbt). */
const ENV_ASSIGN =
  /\b(?:RAILS_ENV|RACK_ENV|MIX_ENV|NODE_ENV|APP_ENV|FLASK_ENV|DJANGO_SETTINGS_MODULE|DBT_TARGET|ENV|ENVIRONMENT|STAGE|AIRFLOW_ENV|FLYWAY_ENVIRONMENT|ASPNETCORE_ENVIRONMENT|DOTNET_ENVIRONMENT|SPRING_PROFILES_ACTIVE)=["']?([\w.:-]{1,128})/g;
/** A connection URL (`postgres://u:p@host/db`, `jdbc:mysql://host:3306/db`) in any word or assignment. */
const URL_HOST =
  /\b(?:jdbc:)?[a-z][a-z0-9+.-]{1,30}:\/\/(?:[^@\s/'"]{0,256}@)?([^/:\s'"?,;]{1,256})/gi;
const LOCAL_HOST =
  /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[?::1\]?|host\.docker\.internal|[^.]+|.*\.(?:local|localhost|test|internal\.dev))$/i;

/** A connection string assigned in the command (`DATABASE_URL=postgres://...`). */
const ASSIGNED_URL = /\b[A-Z][A-Z0-9_]*(?:URL|URI|CONN|DSN)\w*=\S{1,512}/g;

function valueOf(argv: readonly string[], i: number): string | null {
  const a = argv[i] ?? '';
  const eq = a.indexOf('=');
  if (eq > 0 && TARGET_FLAGS.test(a.slice(0, eq))) return a.slice(eq + 1);
  return TARGET_FLAGS.test(a) ? (argv[i + 1] ?? null) : null;
}

/** An ADO.NET or ODBC connection string's server (`Server=tcp:host,1433;`, `Data Source=host`). */
const KEYWORD_HOST =
  /\b(?:Server|Data Source|Host|Address|Addr|Network Address)\s*=\s*(?:tcp:)?([^;,\s'"\\]{1,256})/gi;

function prodHost(text: string): boolean {
  for (const m of [...text.matchAll(URL_HOST), ...text.matchAll(KEYWORD_HOST)]) {
    const host = m[1] ?? '';
    if (/^(?:\.|\(local(?:db)?\))$/i.test(host)) continue; // SQL Server's own machine
    if (PROD_NAME.test(host)) return true;
    if (!LOCAL_HOST.test(host) && !DEV_NAME.test(host) && !/^\$/.test(host)) return true;
  }
  return false;
}

/** True when the command (`argv`) within `source` is aimed at a production database or target. */
export function productionTarget(argv: readonly string[], source: string): boolean {
  for (let i = 1; i < argv.length; i++) {
    const v = valueOf(argv, i);
    if (v !== null && PROD_NAME.test(v) && !DEV_NAME.test(v)) return true;
  }
  if (argv.some((a) => prodHost(a))) return true;
  for (const m of source.matchAll(ENV_ASSIGN)) {
    const v = m[1] ?? '';
    if (PROD_NAME.test(v) && !DEV_NAME.test(v)) return true;
  }
  // a URL assigned in the same command (`DATABASE_URL=postgres://... npx prisma migrate reset`)
  const assigned = source.match(ASSIGNED_URL) ?? [];
  return assigned.some((a) => prodHost(a));
}

const ONE_URL = new RegExp(URL_HOST.source, 'i');

/** A database in a local file or in memory (`sqlite:///dev.db`, `file:./dev.db`, `jdbc:h2:mem:test`). */
const FILE_DATABASE = /\b(?:sqlite3?|file|h2:mem|h2:file):|:memory:/i;

/**
 * True when the command names a development or test target and none for production: a target or
 * environment flag (`--env=testing`), the framework's variable (`MIX_ENV=test`), or connection URLs
 * that are all local, dev-named or a local database file.
 */
export function developmentTarget(argv: readonly string[], source: string): boolean {
  if (productionTarget(argv, source)) return false;
  for (let i = 1; i < argv.length; i++) {
    const v = valueOf(argv, i);
    if (v !== null && DEV_NAME.test(v)) return true;
  }
  for (const m of source.matchAll(ENV_ASSIGN)) if (DEV_NAME.test(m[1] ?? '')) return true;
  // productionTarget found no remote host: a URL given is a local or development database
  const assigned = source.match(ASSIGNED_URL) ?? [];
  return [...argv, ...assigned].some((a) => FILE_DATABASE.test(a) || ONE_URL.test(a));
}
