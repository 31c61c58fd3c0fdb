// Data lost without a delete verb: migration tools' clean run through build tools and EF Core,
// databases and buckets replaced by empty ones, backups given a retention that removes them, and a
// lakehouse table's history vacuumed away. Each beside what developers run that looks alike.
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
      ./gradlew flywayClean -Pflyway.url=jdbc:postgresql://pg-prod.internal.acme.io:5432/core -Pflyway.cleanDisabled=false
      gradle :api:flywayClean -Pflyway.url=jdbc:postgresql://10.0.4.12/core
      mvn -Dflyway.url=jdbc:mysql://db.acme.com:3306/shop -Dflyway.cleanDisabled=false flyway:clean
      ./mvnw org.flywaydb:flyway-maven-plugin:flyway:clean -Dflyway.url=jdbc:postgresql://orders.prod.acme.io/orders
      mvn liquibase:dropAll -Dliquibase.url=jdbc:postgresql://billing-db.acme.com/billing
      dotnet ef database drop --force --connection "Server=tcp:acme-prod.database.windows.net,1433;Database=Crm;Authentication=Active Directory Default"
      dotnet ef database update 0 --connection 'Host=orders-db.prod.acme.io;Database=orders;Username=app'
      ASPNETCORE_ENVIRONMENT=Production dotnet ef database drop -f
      terraform apply -auto-approve -replace='module.db.aws_db_instance.primary' -var-file=env/prod.tfvars
      tofu apply -replace aws_s3_bucket.uploads
      terragrunt apply -replace=aws_dynamodb_table.sessions
      terraform taint google_sql_database_instance.main && terraform apply
      pulumi up --yes --replace 'urn:pulumi:prod::shop::aws:rds/instance:Instance::orders-db'
      pulumi up --target-replace urn:pulumi:live::app::gcp:sql/databaseInstance:DatabaseInstance::main
      aws s3api put-bucket-lifecycle-configuration --bucket acme-prod-backups --lifecycle-configuration '{"Rules":[{"ID":"tidy","Status":"Enabled","Filter":{},"Expiration":{"Days":1},"NoncurrentVersionExpiration":{"NoncurrentDays":1}}]}'
      aws s3api put-bucket-lifecycle-configuration --bucket customer-uploads --lifecycle-configuration='{"Rules":[{"Status":"Enabled","Prefix":"","Expiration":{"Days":0}}]}'
      aws rds modify-db-instance --db-instance-identifier orders-db --backup-retention-period 0 --apply-immediately
      aws rds modify-db-cluster --db-cluster-identifier core --backup-retention-period=0
      aws backup delete-recovery-point --backup-vault-name Default --recovery-point-arn arn:aws:backup:us-east-1:1:recovery-point:abc
      aws rds delete-db-cluster-snapshot --db-cluster-snapshot-identifier core-nightly
      spark-sql --conf spark.databricks.delta.retentionDurationCheck.enabled=false -e "VACUUM delta.\`s3://acme-lake/prod/transactions\` RETAIN 0 HOURS"
      beeline -u jdbc:hive2://hs2:10000 -e 'VACUUM sales.orders RETAIN 1 HOURS'
      trino --execute "CALL iceberg.system.expire_snapshots(table => 'lake.orders', older_than => now(), retain_last => 1)"
      python -c "from pyspark.sql import SparkSession; s=SparkSession.builder.getOrCreate(); s.sql('VACUUM events RETAIN 0 HOURS')"
      beeline -u jdbc:hive2://hs2.prod:10000 -e 'DROP TABLE sales.orders PURGE'
    `),
    read(String.raw`
      ./gradlew flywayClean flywayMigrate -Pflyway.url=jdbc:postgresql://localhost:5432/core_test -Pflyway.cleanDisabled=false
      mvn flyway:clean flyway:migrate -Dflyway.url=jdbc:h2:mem:test
      ./gradlew clean build
      mvn clean install
      dotnet ef database drop --force
      dotnet ef database drop -f --connection "Server=.\SQLEXPRESS;Database=CrmDev;Trusted_Connection=True"
      dotnet ef database drop --force --connection "Server=localhost,1433;Database=Crm;User Id=sa"
      dotnet ef database update --connection "Server=tcp:acme-prod.database.windows.net,1433;Database=Crm"
      terraform apply -replace=aws_instance.web -auto-approve
      terraform plan -replace=aws_db_instance.primary
      terraform taint aws_instance.bastion
      pulumi up --yes --replace 'urn:pulumi:dev::shop::aws:ec2/instance:Instance::web'
      aws s3api put-bucket-lifecycle-configuration --bucket acme-logs --lifecycle-configuration '{"Rules":[{"ID":"old","Status":"Enabled","Filter":{"Prefix":"tmp/"},"Expiration":{"Days":1}}]}'
      aws s3api put-bucket-lifecycle-configuration --bucket acme-prod-backups --lifecycle-configuration '{"Rules":[{"ID":"keep90","Status":"Enabled","Filter":{},"Expiration":{"Days":90}}]}'
      aws s3api put-bucket-lifecycle-configuration --bucket acme-prod-backups --lifecycle-configuration file://lifecycle.json
      aws rds modify-db-instance --db-instance-identifier orders-db --backup-retention-period 14
      aws rds describe-db-snapshots --db-instance-identifier orders-db
      spark-sql -e "VACUUM delta.\`s3://acme-lake/prod/transactions\`"
      spark-sql -e 'VACUUM events RETAIN 240 HOURS'
      trino --execute "CALL iceberg.system.expire_snapshots(table => 'lake.orders', older_than => TIMESTAMP '2024-01-01 00:00:00', retain_last => 10)"
      spark-sql -e 'SELECT count(*) FROM events'
      psql -c 'VACUUM ANALYZE users'
    `),
  ],
];

describe('data lost without a delete verb', () => {
  itRaisesIntents(kit, TABLE);
});
