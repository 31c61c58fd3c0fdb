// Hosted data destroyed through services' own tools: message brokers, data stores' REST APIs, SaaS
// data CLIs, SQL carried by hosted databases' CLIs, and data stores reset in a local container.
// Each beside the local, read-only or development twin that passes.
import { describe } from 'vitest';
import {
  commandLines as read,
  itRaisesIntents,
  useShellKit,
  type IntentTable,
} from './intent-kit.js';

const kit = useShellKit();

const BROKERS: IntentTable = [
  [
    'infra_destroy',
    read(String.raw`
      kafka-topics.sh --bootstrap-server kafka-1.prod:9092 --delete --topic 'payments.*'
      kafka-topics --delete --topic orders --bootstrap-server=b-1.msk.acme.io:9092,b-2.msk.acme.io:9092
      kafka-delete-records --bootstrap-server b1.acme.io:9092 --offset-json-file off.json
      rpk topic delete orders -X brokers=redpanda.acme.io:9092
      rabbitmqctl -n rabbit@mq-prod-1 delete_queue orders
      rabbitmqadmin -H mq.acme.io delete queue name=orders
      nats stream rm ORDERS -s nats://nats.acme.io:4222 -f
      nats stream purge ORDERS --server=tls://connect.ngs.global
      aws sqs purge-queue --queue-url https://sqs.us-east-1.amazonaws.com/1/orders
      aws sns delete-topic --topic-arn arn:aws:sns:us-east-1:1:orders
      gcloud pubsub topics delete orders
    `),
    read(String.raw`
      kafka-topics --bootstrap-server localhost:9092 --delete --topic test-events
      kafka-topics --bootstrap-server kafka:9092 --delete --topic scratch
      kafka-topics --bootstrap-server kafka-1.prod:9092 --list
      kafka-topics --bootstrap-server kafka-1.prod:9092 --describe --topic payments
      rpk topic delete orders -X brokers=localhost:19092
      rpk topic list -X brokers=redpanda.acme.io:9092
      rabbitmqctl list_queues
      rabbitmqadmin -H mq.acme.io list queues
      nats stream ls -s nats://nats.acme.io:4222
      aws --endpoint-url http://localhost:4566 sqs delete-queue --queue-url http://localhost:4566/000000000000/test
      aws sqs send-message --queue-url https://sqs.us-east-1.amazonaws.com/1/orders --message-body hi
    `),
  ],
];

const REST: IntentTable = [
  [
    'infra_destroy',
    read(String.raw`
      curl -s -XDELETE 'https://es-prod.acme.io:9200/logs-*,orders-*?expand_wildcards=all' -u elastic:$ES_PW
      curl -X DELETE https://search.acme.io:9243/_all
      curl --request DELETE "https://couch.acme.io:5984/orders"
      curl --request=DELETE https://10.0.4.7:9200/customers
      http DELETE https://opensearch.acme.io/orders-2024
      xh delete https://es.acme.io:9200/orders
      curl -XPOST 'https://es.acme.io:9200/orders/_delete_by_query' -H 'Content-Type: application/json' -d '{"query":{"match_all":{}}}'
      curl -X POST 'https://es.acme.io:9200/orders/_delete_by_query?q=*'
      curl -X DELETE 'https://consul.acme.io:8500/v1/kv/app?recurse'
      curl -X DELETE https://influx.acme.io:8086/api/v2/buckets/0a1b2c -H "Authorization: Token $T"
      curl 'https://solr.acme.io:8983/solr/admin/cores?action=UNLOAD&core=orders&deleteIndex=true'
      curl -X POST https://etcd.acme.io:2379/v3/kv/deleterange -d '{"key":"AA==","range_end":"AA=="}'
    `),
    read(String.raw`
      curl -X DELETE http://localhost:9200/test-index
      curl -X DELETE 'http://elasticsearch:9200/_all'
      curl -X DELETE https://es.acme.io:9200/orders/_doc/42
      curl -XPOST 'https://es.acme.io:9200/orders/_delete_by_query' -d '{"query":{"term":{"user":"bob"}}}'
      curl -s https://es-prod.acme.io:9200/_cat/indices
      curl -X DELETE https://api.acme.io/v2/users/42
      http GET https://opensearch.acme.io/orders-2024/_search
      curl -X DELETE 'https://consul.acme.io:8500/v1/kv/app/feature-flag'
    `),
  ],
];

const SAAS_AND_SQL: IntentTable = [
  [
    'infra_destroy',
    read(String.raw`
      sfdx force:data:bulk:delete -s Account -f all_accounts.csv -u prod-admin@acme.com
      sf data delete bulk --sobject Contact --file c.csv --target-org acme-prod
      sf data delete bulk --sobject Contact --file c.csv
      sf data delete record -s Account -i 001xx --target-org production
      sf project deploy start --manifest package.xml --post-destructive-changes destructiveChanges.xml -o prod
      stripe customers delete cus_123 --live
      stripe delete /v1/customers/cus_123 --api-key sk_live_abc
      wrangler d1 execute prod-db --remote --command 'DELETE FROM customers; DELETE FROM invoices;'
      npx wrangler d1 execute billing --remote --command="DROP TABLE invoices"
      turso db shell acme-prod "DELETE FROM users"
      echo 'DROP TABLE orders;' | pscale shell shop main
      heroku pg:psql -a shop-api -c 'TRUNCATE orders CASCADE'
      gcloud spanner databases execute-sql orders --instance=prod --sql='DELETE FROM Orders WHERE true'
      aws rds-data execute-statement --resource-arn arn:x --secret-arn arn:y --sql 'DROP TABLE payments'
      az postgres flexible-server execute -n pg-prod -u admin -d shop --querytext "TRUNCATE orders"
      cqlsh cass.prod.acme.io -e 'DROP KEYSPACE orders'
    `),
    read(String.raw`
      sf data delete bulk --sobject Contact --file c.csv --target-org my-scratch
      sfdx force:data:bulk:delete -s Account -f a.csv -u test-abc@example.com
      sf data query -q 'SELECT Id FROM Account' -o prod
      sf project deploy start --manifest package.xml -o prod
      stripe customers delete cus_123
      stripe customers list --live
      wrangler d1 execute billing --local --command 'DELETE FROM customers'
      wrangler d1 execute billing --command 'DELETE FROM customers'
      wrangler d1 execute billing --remote --command 'SELECT count(*) FROM customers'
      turso db shell acme-prod "SELECT * FROM users LIMIT 5"
      turso db shell http://127.0.0.1:8080 "DELETE FROM users"
      echo 'SELECT 1;' | pscale shell shop main
      aws redshift-data execute-statement --cluster-identifier c --database dev --sql "select 1"
      cqlsh cass.prod.acme.io -e 'SELECT * FROM orders.o LIMIT 1'
    `),
  ],
];

const LOCAL_CONTAINERS: IntentTable = [
  [
    'infra_destroy',
    read(String.raw`
      docker -H ssh://ops@prod-1 exec redis redis-cli FLUSHALL
      docker --context prod compose exec redis redis-cli FLUSHDB
      docker exec prod-redis redis-cli FLUSHALL
      docker compose exec redis redis-cli -h cache.prod.acme.io FLUSHALL
      docker compose exec redis redis-cli -u redis://10.0.3.4:6379 FLUSHDB
      DOCKER_HOST=tcp://10.1.1.1:2376 docker compose exec redis redis-cli FLUSHDB
      docker compose exec mongo mongosh 'mongodb+srv://cluster0.acme.mongodb.net/orders' --eval 'db.dropDatabase()'
      redis-cli FLUSHDB
      docker compose exec prod-db psql -U app -d app_test -c 'TRUNCATE orders'
    `),
    read(String.raw`
      docker compose exec redis redis-cli FLUSHDB
      docker compose exec -T redis redis-cli FLUSHALL
      docker exec -it mongo mongosh --eval 'db.dropDatabase()'
      docker-compose exec cache valkey-cli flushdb
      docker compose exec redis redis-cli -h localhost FLUSHDB
    `),
  ],
];

describe('message brokers destroyed on remote brokers', () => {
  itRaisesIntents(kit, BROKERS);
});
describe("data stores' REST APIs told to destroy", () => {
  itRaisesIntents(kit, REST);
});
describe('SaaS data CLIs and hosted SQL', () => {
  itRaisesIntents(kit, SAAS_AND_SQL);
});
describe('data stores reset in a local container', () => {
  itRaisesIntents(kit, LOCAL_CONTAINERS);
});
