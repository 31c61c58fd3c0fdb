// `sql`: statements in a database tool's arguments that would destroy data (DROP, TRUNCATE, DELETE or
// UPDATE without WHERE, ALTER TABLE ... DROP), read by PostgreSQL's grammar (guard/sql/), or reach
// outside the database (a command or a file of the server's host, guard/sql/server-escapes.ts).
import { eachString } from '../rules/field.js';
import { describeSqlEffect, sqlEffects } from '../sql/effects.js';
import { sqlEscapes } from '../sql/server-escapes.js';
import type { Detector, Finding } from './detector.js';
import { checkKeys, listParam } from './params.js';

interface SqlParams {
  /** Argument names that hold SQL; `*` reads every string. */
  keys: Set<string>;
}

const DEFAULT_KEYS = ['sql', 'query', 'statement', 'statements', 'stmt', 'sql_query', 'queries'];

export const sqlDetector: Detector<SqlParams> = {
  name: 'sql',
  rewrites: () => false,
  parseParams(params, path) {
    const p = checkKeys(params, ['keys'], path);
    return {
      keys: new Set((listParam(p, 'keys', path) ?? DEFAULT_KEYS).map((k) => k.toLowerCase())),
    };
  },
  scan(value, path, ctx, params) {
    const findings: Finding[] = [];
    const all = params.keys.has('*');
    // the tool's arguments are attacker-controlled (the agent wrote them): read, never run
    eachString(value, path, (s, at) => {
      const key = (/([^.[\]]+)\]?$/.exec(at)?.[1] ?? '').toLowerCase();
      if (!all && !params.keys.has(key)) return;
      const escape = sqlEscapes(s)[0];
      if (escape !== undefined) {
        findings.push({ path: at, reason: `${escape.what} reaches outside the database` });
        return;
      }
      const reading = ctx.sql?.(s) ?? sqlEffects(s);
      const e = reading.effects[0];
      if (e !== undefined)
        findings.push({ path: at, reason: `${describeSqlEffect(e)} (${reading.by})` });
    });
    return findings;
  },
};
