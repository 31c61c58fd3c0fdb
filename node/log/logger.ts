// Structured NDJSON logger on stderr; every field passes through redact() first.
import { redact } from './redact.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export interface LoggerOptions {
  level?: LogLevel;
  write?: (line: string) => void;
  base?: Record<string, unknown>;
}

function envLevel(): LogLevel {
  const v = process.env.MESH_LOG_LEVEL;
  return v === 'debug' || v === 'info' || v === 'warn' || v === 'error' ? v : 'warn';
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  const level = opts.level ?? envLevel();
  const write = opts.write ?? ((line: string) => process.stderr.write(line));
  const base = opts.base ?? {};
  const emit = (lvl: LogLevel, msg: string, fields?: Record<string, unknown>): void => {
    if (ORDER[lvl] < ORDER[level]) return;
    const record = redact({ ...base, ...fields }) as Record<string, unknown>;
    write(JSON.stringify({ t: new Date().toISOString(), level: lvl, msg, ...record }) + '\n');
  };
  return {
    debug: (m, f) => {
      emit('debug', m, f);
    },
    info: (m, f) => {
      emit('info', m, f);
    },
    warn: (m, f) => {
      emit('warn', m, f);
    },
    error: (m, f) => {
      emit('error', m, f);
    },
    child: (fields) => createLogger({ level, write, base: { ...base, ...fields } }),
  };
}
