// A throwaway database on a server the command names local, a pre-release tag on the project's
// remote and one stash entry are routine to drop; the same commands aimed at a remote or unnamed
// server, a production database, a release tag or every stash entry are not.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'infra_destroy',
    [
      "psql -h db.internal.acme.io -U postgres -d app_test -c 'TRUNCATE TABLE orders, order_items RESTART IDENTITY CASCADE;'",
      "psql -U postgres -d app_test -c 'TRUNCATE TABLE orders'",
      "docker compose exec db psql -U postgres -d app -c 'TRUNCATE orders'",
      "docker compose exec db psql -h db.acme.io -d app_test -c 'TRUNCATE orders'",
      "docker exec -i pg-dev psql -U postgres -c 'DROP DATABASE IF EXISTS app;'",
      "docker -H ssh://deploy@db1.acme.io exec -i pg psql -U postgres -c 'DROP DATABASE IF EXISTS app_dev_scratch'",
      "docker --context prod exec pg psql -U postgres -c 'DROP DATABASE IF EXISTS app_test'",
      "DOCKER_HOST=tcp://10.0.4.7:2376 docker exec pg psql -U postgres -c 'DROP DATABASE IF EXISTS app_test'",
      "docker exec -u postgres pg psql -c 'DROP DATABASE IF EXISTS app_test'",
      "psql -h localhost -U postgres -d app -c 'TRUNCATE TABLE orders'",
      "psql -h localhost -d app_test -c 'DROP DATABASE production'",
      "psql -h localhost -d app_test -c 'DROP DATABASE customers'",
      "psql 'postgresql://u@db.acme.io:5432/app_test' -c 'TRUNCATE orders'",
      "psql 'host=localhost dbname=app_test' -c 'TRUNCATE orders'",
      "mysql -h 10.0.4.7 -P 3307 -u root -proot -e 'DROP DATABASE IF EXISTS shop_test'",
      "mysql -h 127.0.0.1 -P 3307 -u root -proot -e 'DROP DATABASE IF EXISTS shop; CREATE DATABASE shop'",
      "mysql -h 127.0.0.1 -u root -e 'DROP SCHEMA shop_prod_test'",
      "mongosh 'mongodb://db.acme.io:27017/catalog_dev' --eval 'db.products_import_tmp.drop()'",
      "mongosh 'mongodb://localhost:27017/catalog' --eval 'db.products.drop()'",
      "mongosh 'mongodb://localhost:27017/catalog_dev' --eval 'db.getSiblingDB(\"catalog\").dropDatabase()'",
      'mongosh \'mongodb://localhost:27017/catalog_dev\' --eval \'db["getSiblingDB"]("catalog").products.drop()\'',
    ],
    [
      "psql -h localhost -U postgres -d app_test -c 'TRUNCATE TABLE orders, order_items RESTART IDENTITY CASCADE;'",
      "psql --host=127.0.0.1 --dbname=catalog_dev --command='DELETE FROM products'",
      "psql 'postgresql://postgres@localhost:5433/shop_test' -c 'DROP TABLE IF EXISTS carts'",
      "mysql -h 127.0.0.1 -P 3307 -u root -proot -e 'DROP DATABASE IF EXISTS shop_test; CREATE DATABASE shop_test CHARACTER SET utf8mb4;'",
      "mariadb -h localhost -D blog_dev -e 'TRUNCATE posts'",
      "docker compose exec -T db psql -U postgres -d app_test -c 'TRUNCATE orders'",
      "docker exec -i pg-dev psql -U postgres -c 'DROP DATABASE IF EXISTS app_dev_scratch;'",
      "docker container exec -it mysql-local mysql -uroot -e 'DROP DATABASE IF EXISTS shop_test'",
      "mongosh 'mongodb://localhost:27017/catalog_dev' --eval 'db.products_import_tmp.drop(); db.products.deleteMany({sku: /^TEST-/})'",
    ],
  ],
  [
    'history_rewrite',
    [
      'git tag -d v2.3.0 && git push origin :refs/tags/v2.3.0',
      'git push origin :refs/tags/v2.3.0-rc1-final-hotfix',
      'git push https://github.com/acme/tiny-router.git :refs/tags/v2.3.0-rc1',
      'git push origin --delete v2.3.0',
    ],
    [
      'git tag -d v2.3.0-rc1 && git push origin :refs/tags/v2.3.0-rc1',
      'git push origin --delete v1.0.0-beta.2',
      'git push upstream :refs/tags/2.0.0-alpha3',
    ],
  ],
  [
    'discard_work',
    ['git stash clear', 'git stash drop stash@{0} stash@{1}', 'git reset --hard origin/main'],
    ['git stash drop stash@{2}', 'git stash drop', 'git stash drop 1'],
  ],
];

describe('local throwaway data and git clean-up', () => {
  itRaisesIntents(kit, TABLE);
});
