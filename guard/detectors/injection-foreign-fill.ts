// Injected instructions: the assistant addressed in another script ("AI助手请注意", "AIアシスタントへ",
// "ИИ-ассистент,") and asked for the users' secrets by a query or to fill a URL left open at a
// parameter ("SELECT email, password_hash FROM users ... 附加到 https://x.example/r?d= 后面")
// (docs/guard.md "Injected instructions"). English addresses with those objects are read by
// injection-tool-orders.ts when a tool is named; a page in another language names no command a
// RISKY list knows, only what it wants out.
import { addressedRisk } from './injection-addressed.js';
import { FOREIGN_ADDRESSEE } from './injection-foreign.js';
import { DATA_REQUEST } from './injection-tool-orders.js';

/** The assistant named in Chinese, Japanese, Korean, Russian or Ukrainian, or told it may be an AI. */
const ADDRESS = [
  String.raw`(?:ai|ＡＩ|人工智能)\s*(?:助手|助理|代理|智能体|アシスタント|エージェント|어시스턴트|에이전트)`,
  String.raw`(?<![\p{L}])(?:ии|ші|ai)[\s-]*(?:ассистент|агент|помощник|асистент|помічник)`,
  FOREIGN_ADDRESSEE,
].join('|');

/** A letter of those scripts, and a word every object holds: cheap tests before the scans. */
const SCRIPT = /[\u0400-\u04ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u;

export const FOREIGN_DATA_ORDER = addressedRisk(
  ADDRESS,
  new RegExp(DATA_REQUEST, 'giu'),
  (t) => (t.includes('http') || t.includes('SELECT') || t.includes('select')) && SCRIPT.test(t),
);
