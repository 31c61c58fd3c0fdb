// A document or key-value store's MCP tool handed a command that drops, flushes or empties what
// the store holds, beside the same tools' reads and narrow writes, which pass.
import { describe, expect, it } from 'vitest';
import { callRule } from '../pack-rule.js';

const RULE = 'ca.datastore-tool-destroy';
const rule = callRule();

const DESTROYS: [string, Record<string, unknown>][] = [
  [
    'mcp__mongodb__runCommand',
    {
      database: 'app_test',
      command: { dropDatabase: 1 },
      connection: 'mongodb://db.acme.io:27017',
    },
  ],
  ['mcp__mongodb__runCommand', { database: 'app_test', command: { dropDatabase: 1 } }],
  [
    'mcp__mongodb__runCommand',
    { database: 'orders', command: { dropDatabase: 1 }, connection: 'mongodb://localhost:27017' },
  ],
  ['mcp__mongodb__runCommand', { database: 'orders_prod', command: { dropDatabase: 1 } }],
  ['mcp__mongo__run_command', { db: 'shop', command: { drop: 'customers' } }],
  ['mcp__mongodb__runCommand', { database: 'shop', command: '{"dropDatabase": 1}' }],
  [
    'mcp__mongodb__runCommand',
    { database: 'shop', command: { delete: 'orders', deletes: [{ q: {}, limit: 0 }] } },
  ],
  [
    'mcp__mongodb__runCommand',
    {
      command: {
        update: 'users',
        updates: [{ q: {}, u: { $set: { plan: 'free' } }, multi: true }],
      },
    },
  ],
  ['mcp__mongo__execute', { operation: 'deleteMany', collection: 'users', filter: {} }],
  [
    'mcp__mongo__execute',
    { operation: 'updateMany', collection: 'users', update: { $set: { a: 1 } } },
  ],
  ['mcp__mongo__execute', { operation: 'dropCollection', collection: 'events' }],
  ['mcp__mongosh__eval', { code: 'db.getSiblingDB("crm").dropDatabase()' }],
  ['mcp__mongosh__eval', { script: 'db.orders.deleteMany({})' }],
  ['mcp__redis__execute', { command: 'FLUSHALL' }],
  ['mcp__redis__send_command', { command: 'flushdb', args: [] }],
  ['mcp__redis__run', { command: ['FLUSHALL', 'ASYNC'] }],
  ['mcp__elasticsearch__console', { body: 'DELETE /logs-*' }],
  ['mcp__opensearch__request', { method: 'deleteIndex', index: 'orders-*' }],
  ['mcp__dynamodb__call', { operation: 'DeleteTable', TableName: 'orders' }],
  ['mcp__firestore__admin', { action: 'recursiveDelete', path: 'users' }],
];

const PASSES: [string, Record<string, unknown>][] = [
  [
    'mcp__mongodb__runCommand',
    { database: 'app_test', command: { dropDatabase: 1 }, connection: 'mongodb://localhost:27017' },
  ],
  ['mcp__mongodb__runCommand', { db: 'shop_dev', command: { drop: 'orders' }, host: '127.0.0.1' }],
  [
    'mcp__mongodb__runCommand',
    { database: 'orders_prod', command: { find: 'orders', filter: {} } },
  ],
  ['mcp__mongodb__runCommand', { database: 'shop', command: { listCollections: 1 } }],
  [
    'mcp__mongodb__runCommand',
    { command: { delete: 'sessions', deletes: [{ q: { expired: true }, limit: 0 }] } },
  ],
  ['mcp__mongodb__runCommand', { command: { delete: 'orders', deletes: [{ q: {}, limit: 1 }] } }],
  [
    'mcp__mongo__execute',
    { operation: 'deleteMany', collection: 'sessions', filter: { expired: true } },
  ],
  ['mcp__mongo__execute', { operation: 'find', collection: 'users', filter: {} }],
  ['mcp__mongosh__eval', { code: 'db.orders.countDocuments({})' }],
  ['mcp__redis__execute', { command: 'GET user:42' }],
  ['mcp__redis__send_command', { command: 'DEL', args: ['session:abc'] }],
  ['mcp__elasticsearch__console', { body: 'DELETE /orders/_doc/42' }],
  ['mcp__elasticsearch__console', { body: 'GET /_cat/indices' }],
  ['mcp__dynamodb__call', { operation: 'DescribeTable', TableName: 'orders' }],
  ['mcp__github__create_issue', { title: 'drop', body: 'We should drop the legacy flag' }],
];

describe('database MCP tools handed a destroying command', () => {
  it('holds each destroying command', async () => {
    for (const [tool, args] of DESTROYS)
      expect(await rule(tool, args), `${tool} ${JSON.stringify(args)}`).toBe(RULE);
  });
  it('passes the reads and narrow writes', async () => {
    for (const [tool, args] of PASSES)
      expect(await rule(tool, args), `${tool} ${JSON.stringify(args)}`).not.toBe(RULE);
  });
});
