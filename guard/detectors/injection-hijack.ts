// Injected instructions that hijack the task rather than run a command (docs/guard.md "Injected
// instructions"): text in an email, review, table, page or comment that tells the model reading it
// to change its output. A message to the model (who it is or what it is doing) near an order that
// changes the answer (add a link, answer in another language, tell the user to pay or visit, reply
// with a fixed text), in English, Spanish, French, German, Portuguese, Italian, Chinese and Japanese.

/** Words for the model as a reader. */
const MODEL = String.raw`(?:ai|a\.i\.|llm|gpt|chatgpt|chatbot|language\s+model|(?:ai|virtual|digital)\s+assistant|assistant|copilot|claude|gemini|bot|model|ia|ki|sprachmodell|modelo\s+de\s+lenguaje|mod[eè]le\s+de\s+langage|modello\s+linguistico|asistente|assistente)`;
/** What the model is doing with the text: summarising, answering, reading it. */
const DOING = String.raw`(?:summari[sz](?:e|es|ing)|answer(?:s|ing)?|respond(?:s|ing)?|repl(?:y|ies|ying)|process(?:es|ing)?|analy[sz](?:e|es|ing)|translat(?:e|es|ing)|read(?:s|ing)?|review(?:s|ing)?|pars(?:e|es|ing)|generat(?:e|es|ing)|writ(?:e|es|ing))`;

/** Strong: only a model is addressed this way. */
const ADDRESS = [
  String.raw`\b(?:dear|attention|hey|hello|hi|note\s+(?:to|for)|message\s+(?:to|for)|instructions?\s+(?:to|for))\s*[,:]?\s+(?:the\s+|any\s+|all\s+)?${MODEL}s?\b`,
  String.raw`\b(?:any\s+|the\s+|an?\s+)?${MODEL}s?\s+(?:that\s+is\s+|who\s+is\s+|which\s+is\s+)?(?:now\s+)?${DOING}\s+(?:this|these|the\s+(?:above|email|page|document|review|file|table|message))\b`,
  String.raw`\bif\s+you\s+are\s+(?:an?\s+)?(?:ai|llm|language\s+model|assistant|chatbot|bot|model|gpt)\b`,
  String.raw`\b(?:when|while|if|before|after|as)\s+(?:you(?:'re|\s+are)?\s+)?(?:summari[sz](?:e|ing)|answer(?:ing)?|respond(?:ing)?\s+to|repl(?:y|ying)\s+to|process(?:ing)?|analy[sz](?:e|ing)|translat(?:e|ing))\s+(?:this|these|the\s+(?:above|user|email|page|document|review|file|table|message|question|request|thread))`,
  String.raw`\bbefore\s+(?:you\s+)?(?:answer(?:ing)?|respond(?:ing)?|repl(?:y|ying)|giving\s+(?:your|an?)\s+(?:answer|summary|response))\b`,
  String.raw`\bin\s+(?:your|the|any|every)\s+(?:summary|summaries|output|completion|generated\s+(?:answer|response|text)|final\s+answer|next\s+(?:response|answer|reply))\b`,
  String.raw`\bin\s+(?:your|the|any)\s+(?:response|answer|reply)\s+(?:to|for)\s+the\s+user\b`,
  // es, pt, it, fr, de
  String.raw`\b(?:en\s+(?:tu|su)\s+resumen|al\s+resumir|cuando\s+resumas|si\s+eres\s+una?\s+(?:ia|inteligencia\s+artificial|asistente|modelo))\b`,
  String.raw`\b(?:no\s+seu\s+resumo|ao\s+resumir|se\s+voc[eê]\s+(?:é|for)\s+uma?\s+(?:ia|assistente|modelo))\b`,
  String.raw`\b(?:nel\s+tuo\s+riassunto|quando\s+riassumi|se\s+sei\s+un(?:'|\s+)(?:ia|assistente|modello))`,
  String.raw`(?:\b(?:dans\s+(?:ton|votre)\s+r[ée]sum[ée]|en\s+r[ée]sumant|lorsque\s+(?:tu\s+r[ée]sumes|vous\s+r[ée]sumez)|si\s+(?:tu\s+es|vous\s+[êe]tes)\s+une?\s+(?:ia|assistant|mod[eè]le)))`,
  String.raw`\b(?:in\s+(?:deiner|ihrer|der)\s+zusammenfassung|beim\s+zusammenfassen|wenn\s+(?:du|sie)\s+(?:dies\w*\s+)?(?:[\w-]+\s+)?zusammenfass\w*|falls\s+(?:du|sie)\s+eine\s+ki\s+(?:bist|sind)|ki-assistent\w*)`,
  // zh, ja
  String.raw`(?:在(?:你的|您的)?(?:回答|回复|总结|摘要)中|总结(?:时|此|这)|如果你是(?:一个)?(?:AI|人工智能|语言模型|助手)|AI\s*助手|人工智能助手|要約(?:する際|に|時)|AIアシスタント|言語モデル)`,
];

/** An order that changes what the model answers. */
const ACTION = [
  String.raw`\b(?:include|add|append|insert|prepend|mention|embed|put|place|start|begin|end|finish|conclude)\b[^.\n]{0,60}?(?:\bthe\s+following\b|\bthis\s+(?:link|url|sentence|text|line|phrase|message|note|disclaimer|ad|advert\w*|promo\w*|recommendation|statement|signature|footer)\b|\b(?:a|the)\s+(?:link|url|sentence|line|phrase|note|disclaimer|ad|advert\w*|recommendation|statement|footer)\b|https?:\/\/|\bwww\.|["“])`,
  String.raw`\b(?:respond|reply|answer|write|output|translate)\b[^.\n]{0,30}?\b(?:only\s+)?(?:in|into|using)\s+(?:english|spanish|french|german|chinese|japanese|russian|italian|portuguese|korean|arabic|hindi|dutch|polish|turkish|pirate\s+speak|base64|hex(?:adecimal)?|rot13|morse|binary|all\s+caps|upper\s*case|leetspeak|emojis?)\b`,
  String.raw`\b(?:respond|reply|answer|say|output|print|write|return|start\s+your\s+(?:response|answer)|begin\s+your\s+(?:response|answer))\s+(?:only\s+|exactly\s+|just\s+|simply\s+|with\s+)*(?:the\s+(?:text|word|phrase|sentence|message)s?\s*:?\s*)?["“'][^"”'\n]{2,}`,
  String.raw`\b(?:tell|inform|advise|instruct|urge|ask|remind|warn|encourage|convince|persuade)\s+(?:the\s+)?(?:user|reader|recipient)s?\s+(?:that|to)\b`,
  String.raw`\b(?:recommend|suggest|direct|redirect|refer|send)\s+(?:the\s+)?(?:user|reader)s?\b`,
  String.raw`\b(?:visit|call|click|go\s+to|download|pay|wire|transfer|buy|purchase|sign\s+up|log\s*in|contact|text)\b[^.\n]{0,60}?(?:https?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|net|org|io|xyz|ru|cn|info|biz|top|co|app|site|shop)\b|\+?\d[\d\s().-]{7,}\d)`,
  String.raw`\b(?:stop|cease|do\s+not|don't|never|refuse\s+to)\s+(?:summari[sz]|translat|analy[sz]|answer|respond|complet|continu|process|mention)\w*`,
  String.raw`\b(?:say|state|claim|write|report|conclude|assert|mention)\s+(?:only\s+)?that\b`,
  String.raw`\b(?:ignore|disregard|skip|omit|leave\s+out|hide)\s+(?:the\s+|any\s+|all\s+)?(?:rest|remaining|other|negative|critical|bad|previous|real|actual)\b`,
  String.raw`\b(?:rate|score|rank|classify|mark|label|describe|summari[sz]e)\s+(?:this|it|the\s+(?:product|candidate|applicant|company|review|app|article|document))\b[^.\n]{0,40}?\b(?:as\s+(?:\w+\s+)?(?:positive|safe|excellent|approved|legitimate|trustworthy|the\s+best|highly)|5\s*(?:/\s*5|stars?)|five\s+stars?|10\s*\/\s*10)`,
  String.raw`\b(?:reveal|print|output|repeat|show|share|disclose|include|append)\s+(?:me\s+)?(?:your|the)\s+(?:(?:system|initial|original|hidden|full|secret)\s+)?(?:prompt|instructions)\b`,
  // es, pt, it, fr, de
  String.raw`\b(?:incluye|a[ñn]ade|agrega|inserta|responde|contesta|dile\s+al\s+usuario|recomienda|indica\s+al\s+usuario|inclua|adicione|acrescente|responda|diga\s+ao\s+usu[aá]rio|recomende|includi|aggiungi|inserisci|rispondi|di'\s+all'utente|raccomanda|consiglia|ajoute[zs]?|inclu(?:s|ez)|ins[ée]re[zs]?|r[ée]ponds|r[ée]pondez|dis\s+[àa]\s+l'utilisateur|dites\s+[àa]\s+l'utilisateur|recommande[zs]?|f[üu]ge?\b|antworte|sag(?:e)?\s+dem\s+(?:benutzer|nutzer)|empfiehl|erw[äa]hne)\b`,
  // zh, ja
  String.raw`(?:请?(?:添加|加上|附上|插入|包含|提及)|(?:只|仅)?用(?:英文|中文|日语|法语|西班牙语|base64)回答|告诉用户|建议用户|推荐|访问|追加して|含めて|で回答|勧めて|案内して|伝えて|ユーザーに(?:伝え|勧め))`,
];

const join = (parts: readonly string[]): string => parts.map((p) => `(?:${p})`).join('|');

const ADDRESS_RE = new RegExp(join(ADDRESS), 'gi');
const ACTION_RE = new RegExp(join(ACTION), 'i');

/** The text of `text`'s line from `from` to `to`, cut at a line break. */
function sameLine(text: string, from: number, to: number, forward: boolean): string {
  const s = text.slice(Math.max(0, from), Math.max(0, to));
  if (forward) return s.split('\n', 1)[0] ?? '';
  return s.slice(s.lastIndexOf('\n') + 1);
}

/**
 * A message to the model and an order that changes its answer, on one line: the order within 200
 * characters after the message or 160 before it. Only the messages are searched for in the whole
 * text (they are rare); the orders are looked for in their windows.
 */
export const TASK_HIJACK = {
  test(text: string): boolean {
    ADDRESS_RE.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = ADDRESS_RE.exec(text)) !== null) {
      const end = m.index + m[0].length;
      if (
        ACTION_RE.test(sameLine(text, end, end + 260, true)) ||
        ACTION_RE.test(sameLine(text, m.index - 220, m.index, false))
      )
        return true;
      if (m[0].length === 0) ADDRESS_RE.lastIndex++;
    }
    return false;
  },
};

/** A weaker address (`in your response`) counts with an order about the user (`tell the user to`). */
export const TASK_HIJACK_USER = new RegExp(
  String.raw`\b(?:in|with|at\s+the\s+(?:end|start)\s+of)\s+(?:your|the|each|every)\s+(?:response|answer|reply|responses|answers|replies)\b[^\n]{0,120}?\b(?:(?:tell|inform|advise|urge|remind|warn|instruct)\s+(?:the\s+)?users?\s+(?:that|to)\b|(?:recommend|suggest|direct)\s+(?:the\s+)?users?\b|(?:include|add|append|insert|mention)\b[^.\n]{0,40}?(?:https?:\/\/|\bwww\.|\b(?:link|url|ad|advert\w*|promo\w*)\b))`,
  'i',
);

/** An order about the user that sends them somewhere (`tell the user to visit ...`), any language. */
export const USER_ORDER = new RegExp(
  String.raw`(?:\b(?:tell|inform|advise|urge|remind|warn|instruct)\s+(?:the\s+)?users?\s+(?:that|to)\b|\bdile\s+al\s+usuario|\bdis\s+[àa]\s+l'utilisateur|\bdites\s+[àa]\s+l'utilisateur|\bsag(?:e|en\s+sie)?\s+dem\s+(?:benutzer|nutzer)|\bdiga\s+ao\s+usu[aá]rio|\bdi'\s+all'utente|告诉用户|ユーザーに)[^\n]{0,120}?(?:https?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|net|org|io|xyz|ru|cn|info|biz|top|co|app|site|shop)\b|\+?\d[\d\s().-]{7,}\d)`,
  'i',
);
