// Injected instructions in another language that label the reader as the assistant ("助手注意：",
// "Anweisung an den KI-Assistenten:", "Instrucción para el asistente de IA:") and order it to send a
// command's output to an address ("并将输出发送到 https://…", "hänge die Ausgabe … an https://… an")
// (docs/guard.md "Injected instructions"). A page for people explains a command without naming the
// assistant, and a note to the assistant asks for no upload.
import { addressedRisk } from './injection-addressed.js';

/** The reader labelled as the assistant, in Chinese, Japanese, German, Spanish, Portuguese, French, Russian. */
const LABEL = [
  // zh/ja: "助手注意：", "AI助手请", "致AI助手：", "智能体须知", "アシスタントへ："
  String.raw`(?:致|给)?(?:ai\s*)?(?:助手|助理|智能体|アシスタント|エージェント)(?:请?注意|须知|請注意|へ)?\s*[:：,，]|(?:ai|人工智能)\s*(?:助手|助理|智能体)\s*(?:请|請)`,
  // de: "Anweisung an den KI-Assistenten:", "Hinweis für das Sprachmodell", "KI-Agent:"
  String.raw`\b(?:anweisung|hinweis|nachricht|notiz|auftrag|aufgabe)\s+(?:an|f(?:ü|u|ue)r)\s+(?:den|die|das)\s+(?:(?:ki|ai)[\s-]*(?:assistent|agent|modell)|sprachmodell|ki|llm)\p{L}*|\b(?:ki|ai)[\s-]*(?:assistent|agent)(?:en|in)?\s*[:,]`,
  // es/pt/fr: "Instrucción para el asistente de IA:", "Nota para o agente de IA", "Consigne pour l'assistant IA"
  String.raw`\b(?:instrucci(?:ó|o)n|instru(?:çã|ca)o|nota|mensaje|mensagem|consigne|note|message)\s+(?:para|pour|à|a)\s+(?:el|la|o|a|l['’]|le)\s*(?:asistente|assistente|assistant|agente|agent|modelo|mod(?:è|e)le)\s+(?:de\s+|d['’])?(?:ia|ai)\b|\b(?:asistente|assistente|agente)\s+(?:de\s+)?(?:ia|ai)\s*[:,]`,
  // ru: "Инструкция для ИИ-ассистента:", "ИИ-агент:"
  String.raw`(?<![\p{L}])(?:инструкци\p{L}*|указани\p{L}*|сообщени\p{L}*)\s+(?:для|к)\s+(?:ии|ai)[\s-]*(?:ассистент|агент|помощник)\p{L}*`,
].join('|');

/** An order to send output to an address, in those languages (the verb before or after the URL). */
const SEND_TO_URL = [
  String.raw`(?:发送|上传|提交|粘贴|贴到|發送|上傳|附加|回传|post)[^。\n]{0,12}?(?:到|至|给|給)?\s*https?:\/\/`,
  String.raw`https?:\/\/\S{1,200}\s*(?:に|へ)\s*(?:送信|アップロード|送って|投稿)`,
  String.raw`\b(?:sende|schicke|lade|h(?:ä|a|ae)nge|poste|(?:ü|u|ue)bermittle|(?:ü|u|ue)bertrage)\b[^.\n]{0,100}?https?:\/\/`,
  String.raw`\b(?:env(?:í|i)a|sube|publica|adjunta|envie|envia|carregue|publique|anexe|envoie|envoyez|t(?:é|e)l(?:é|e)verse|joins|ajoute)\b[^.\n]{0,100}?https?:\/\/`,
  String.raw`(?<![\p{L}])(?:отправ\p{L}*|загрузи\p{L}*|опубликуй\p{L}*|прикрепи\p{L}*)[^.\n]{0,100}?https?:\/\/`,
].join('|');

/** A letter outside ASCII or a word of a label: cheap tests before the scans. */
const MAY = /[^\t-~]|\b(?:ki|ia)\b/i;

export const FOREIGN_SEND_ORDER = addressedRisk(
  LABEL,
  new RegExp(SEND_TO_URL, 'giu'),
  (t) => t.includes('http') && MAY.test(t),
);
