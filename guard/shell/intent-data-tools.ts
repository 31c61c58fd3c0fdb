// Data tools' destructive operations against production (docs/guard.md "Data tools against
// production"): dbt macros that drop and full refreshes, Airflow's metadata reset, Rails, Django,
// Laravel, Ecto, Sequelize and Knex database resets, Prisma, Flyway, Liquibase and Alembic wiping
// a schema. The same commands on a development or local target are everyday work and pass.
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { developmentTarget, productionTarget } from './data-tool-target.js';
import { basename, runnerTarget } from './wrappers.js';

const DROP_MACRO = /(?:drop|truncate|delete|purge|wipe|reset|destroy|clean)/i;
const RAILS_TASK =
  /^db:(?:drop|reset|purge|schema:load|structure:load|truncate_all|seed:replant|migrate:reset|setup)(?::all)?$/;
/** The tools' flags that take the next word as their value (a target, an argument, a selection). */
const VALUE_FLAGS = new Set([
  '-x',
  '-t',
  '--target',
  '-e',
  '--env',
  '--environment',
  '--args',
  '--vars',
  '-s',
  '--select',
  '--profile',
  '--profiles-dir',
  '--project-dir',
  '--settings',
  '--schema',
  '-c',
  '--config',
  '--name',
  '--connection',
  '--context',
  '--project',
  '--startup-project',
]);
const ARTISAN = /^(?:migrate:fresh|migrate:reset|migrate:refresh|db:wipe)$/;

/** The tool and its words, past runners (`npx prisma`, `bundle exec rails`, `python -m alembic`). */
function toolArgv(cmd: ShellCommand): string[] {
  let argv = runnerTarget(cmd.argv) ?? cmd.argv;
  const name = basename(argv[0] ?? '');
  if (name === 'bundle' && argv[1] === 'exec') argv = argv.slice(2);
  else if (/^(?:poetry|uv|pipenv|pdm|hatch)$/.test(name) && argv[1] === 'run') argv = argv.slice(2);
  const head = basename(argv[0] ?? '');
  if (/^python[\d.]*$/.test(head) && argv[1] === '-m') argv = argv.slice(2);
  else if (/^(?:python[\d.]*|php)$/.test(head) && /(?:manage\.py|artisan)$/.test(argv[1] ?? ''))
    argv = argv.slice(1);
  return argv;
}

/** What the operation destroys, or null when it is not one of the tools' destructive operations. */
function destructive(argv: readonly string[]): string | null {
  const name = basename(argv[0] ?? '').replace(/\.py$/, '');
  const pos: string[] = [];
  const flags: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('-')) pos.push(a);
    else {
      flags.push(a);
      if (VALUE_FLAGS.has(a)) i++;
    }
  }
  const [p0 = '', p1 = ''] = pos;
  switch (name) {
    case 'dbt':
      if (p0 === 'run-operation' && DROP_MACRO.test(p1)) return `dbt run-operation ${p1}`;
      return /^(?:run|build|seed)$/.test(p0) && flags.includes('--full-refresh')
        ? `dbt ${p0} --full-refresh`
        : null;
    case 'airflow':
      return (p0 === 'db' && p1 === 'reset') || p0 === 'resetdb' ? 'airflow db reset' : null;
    case 'rails':
    case 'rake': {
      const task = pos.find((p) => RAILS_TASK.test(p));
      return task === undefined ? null : `${name} ${task}`;
    }
    case 'prisma':
      if (p0 === 'migrate' && p1 === 'reset') return 'prisma migrate reset';
      return p0 === 'db' && p1 === 'push' && flags.includes('--force-reset')
        ? 'prisma db push --force-reset'
        : null;
    case 'flyway':
      return pos.includes('clean') ? 'flyway clean' : null;
    case 'gradle':
    case 'gradlew': {
      // the plugins' tasks, also qualified by a subproject (`:db:flywayClean`)
      const task = pos.find((p) =>
        /^(?::?[\w-]+:)*(?:flywayClean|dropAll|liquibaseDropAll)$/.test(p),
      );
      return task === undefined ? null : `gradle ${task}`;
    }
    case 'mvn':
    case 'mvnw': {
      const goal = pos.find((p) => /^(?:[\w.-]+:)*(?:flyway:clean|liquibase:dropAll)$/.test(p));
      return goal === undefined ? null : `mvn ${goal}`;
    }
    case 'dotnet':
      // EF Core: dropping the database, or migrating it back to before the first migration
      if (p0 !== 'ef' || p1 !== 'database') return null;
      if (pos[2] === 'drop') return 'dotnet ef database drop';
      return pos[2] === 'update' && pos[3] === '0' ? 'dotnet ef database update 0' : null;
    case 'liquibase':
      return pos.some((p) => /^(?:dropAll|drop-all)$/i.test(p)) ? 'liquibase dropAll' : null;
    case 'alembic':
      return p0 === 'downgrade' && p1 === 'base' ? 'alembic downgrade base' : null;
    case 'manage':
    case 'django-admin':
      if (p0 === 'flush' || p0 === 'reset_db') return `${name} ${p0}`;
      return p0 === 'migrate' && pos[2] === 'zero' ? `${name} migrate ${p1} zero` : null;
    case 'artisan':
      return ARTISAN.test(p0) ? `artisan ${p0}` : null;
    case 'mix':
      return /^ecto\.(?:drop|reset)$/.test(p0) ? `mix ${p0}` : null;
    case 'sequelize':
    case 'sequelize-cli':
      return /^db:(?:drop|migrate:undo:all|seed:undo:all)$/.test(p0) ? `sequelize ${p0}` : null;
    case 'knex':
      return p0 === 'migrate:rollback' && flags.includes('--all')
        ? 'knex migrate:rollback --all'
        : null;
    default:
      return null;
  }
}

/**
 * The frameworks that refuse these operations on a production database unless told to go on:
 * Laravel without `--force`, Ecto asking first unless `--force`, Rails unless
 * `DISABLE_DATABASE_ENVIRONMENT_CHECK=1`. The override is how one runs them there.
 */
function guardedByTool(op: string): boolean {
  return /^(?:artisan|mix|rails|rake) /.test(op);
}

function overridden(op: string, argv: readonly string[], source: string): boolean {
  if (op.startsWith('artisan') || op.startsWith('mix')) return argv.includes('--force');
  return guardedByTool(op) && /\bDISABLE_DATABASE_ENVIRONMENT_CHECK=["']?(?:1|true)\b/.test(source);
}

/**
 * Each destructive data-tool command of `all` aimed at production: named so, or run past the
 * framework's own production check. One that names no environment is production's when the call's
 * folder is a server's (guard/shell/server-folder.ts), unless its framework checks for itself.
 */
export function dataToolIntents(all: ShellAnalysis, source: string): IntentHit[] {
  const hits: IntentHit[] = [];
  for (const cmd of all.commands) {
    const argv = toolArgv(cmd);
    const op = destructive(argv);
    if (op === null) continue;
    const detail = `${op} against production`;
    if (productionTarget(argv, source)) hits.push({ intent: 'infra_destroy', detail });
    else if (developmentTarget(argv, source)) continue;
    else if (overridden(op, argv, source)) hits.push({ intent: 'infra_destroy', detail });
    else if (!guardedByTool(op)) hits.push({ intent: 'infra_destroy', detail, server: true });
  }
  return hits;
}
