// Data tools wiping what production holds: dbt drop macros and full refreshes, framework database
// resets, migration tools cleaning a schema, Terraform forgetting data resources a listing names and
// applying. Each beside the same command on a development or local target, which passes.
import { describe } from 'vitest';
import {
  commandLines as read,
  itRaisesIntents,
  useShellKit,
  type IntentTable,
} from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'infra_destroy',
    read(String.raw`
      dbt run-operation drop_schema --args '{schema: analytics}' --target prod
      dbt run --full-refresh -t production --select fct_orders
      DBT_TARGET=prod dbt run-operation drop_old_relations
      RAILS_ENV=production DISABLE_DATABASE_ENVIRONMENT_CHECK=1 bin/rails db:drop
      bundle exec rake db:schema:load RAILS_ENV=production
      DATABASE_URL="postgresql://admin:s3cret@prod-db.acme.io:5432/app" npx prisma migrate reset --force
      flyway -url=jdbc:postgresql://db.acme-corp.com:5432/billing -user=admin clean
      liquibase --url=jdbc:mysql://prod-mysql.internal:3306/app dropAll
      alembic -x env=production downgrade base
      SQLALCHEMY_URL=postgresql://u:p@10.0.4.12/app python -m alembic downgrade base
      AIRFLOW__DATABASE__SQL_ALCHEMY_CONN=postgresql://airflow:pw@airflow-prod.rds.amazonaws.com/airflow airflow db reset -y
      php artisan migrate:fresh --force
      MIX_ENV=prod mix ecto.reset
      python manage.py flush --noinput --settings=config.settings.production
      npx sequelize-cli db:migrate:undo:all --env production
      export RAILS_ENV=production && bundle exec rails db:reset
      terraform state rm $(terraform state list | grep aws_db) && terraform apply -auto-approve
      terraform state list | grep -E 'rds|s3' | xargs -n1 terraform state rm; terraform apply -auto-approve
      tofu state rm $(tofu state list) && tofu apply -auto-approve
      for r in $(terraform state list | grep aws_rds); do terraform state rm "$r"; done; terraform apply -auto-approve
    `),
    read(String.raw`
      dbt run-operation drop_schema --args '{schema: dbt_dev_alice}' --target dev
      dbt run --full-refresh
      dbt run --target prod --select fct_orders
      bin/rails db:drop db:create db:migrate
      RAILS_ENV=test bundle exec rails db:reset
      npx prisma migrate reset --force
      DATABASE_URL=postgresql://postgres:postgres@localhost:5432/app_dev npx prisma migrate reset
      flyway -url=jdbc:postgresql://localhost:5432/app clean
      flyway -url=jdbc:postgresql://staging-db.acme.io:5432/app clean
      alembic downgrade base
      DATABASE_URL=postgres://u:p@db:5432/app alembic downgrade base
      airflow db reset -y
      php artisan migrate:fresh --seed
      mix ecto.reset
      python manage.py flush --noinput
      RAILS_ENV=production bin/rails db:migrate
      terraform state rm $(terraform state list | grep module.legacy_dns) && terraform apply -auto-approve
      terraform state rm $(terraform state list | grep aws_db)
      terraform state list | grep aws_db
      for r in $(terraform state list | grep module.dns); do terraform state rm "$r"; done; terraform apply -auto-approve
      for r in $(terraform state list | grep aws_rds); do terraform state show "$r"; done
    `),
  ],
];

describe('data tools against production', () => {
  itRaisesIntents(kit, TABLE);
});
