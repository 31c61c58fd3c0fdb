// Injected instructions in the languages a fetched page is written in (docs/guard.md "Injected
// instructions"): the reader addressed as a machine ("если вы языковая модель", "si eres una IA",
// "如果你是AI"), and what only an injection asks of it once addressed: to keep the change from the
// user ("не сообщайте пользователю", "no le digas al usuario", "不要告诉用户").

/**
 * The reader told that it may be a machine (an agent or assistant only with "AI": "si eres un
 * agente de ventas" speaks to a person), or greeted as a group of AI agents, in Russian,
 * Spanish, Portuguese, French, German, Chinese and Japanese. `\b` does not see Cyrillic or CJK
 * letters in JS, so those forms are bounded by letter lookarounds.
 */
export const FOREIGN_ADDRESSEE = [
  // ru: "если вы языковая модель", "если ты ИИ", "для ИИ-моделей", "нейросетям, читающим это"
  String.raw`(?<![\p{L}])если\s+(?:вы|ты)\s+(?:[—-]\s*)?(?:языков\p{L}*\s+модел\p{L}*|(?:ии|ai)(?:[\s-]*(?:агент|ассистент)\p{L}*)?|llm|нейросет\p{L}*)(?![\p{L}])`,
  // a model named as such is an address only as a vocative or a label ("ИИ-модель, выполни")
  String.raw`(?<![\p{L}])(?:(?:ии|ai)[\s-]*(?:модел|бот)|языков\p{L}*\s+модел|нейросет)\p{L}*\s*[,:]`,
  // es/pt: "si eres un modelo de lenguaje", "se você é uma IA", "para los agentes de IA"
  String.raw`\bsi\s+(?:eres|es\s+usted)\s+(?:un|una)\s+(?:modelo\s+de\s+lenguaje|ia|inteligencia\s+artificial|(?:agente|asistente)\s+(?:de\s+)?ia|llm)\b`,
  String.raw`\bse\s+(?:você|voce|tu)\s+(?:é|e|for|és)\s+(?:um|uma)\s+(?:modelo\s+de\s+linguagem|ia|inteligência\s+artificial|(?:agente|assistente)\s+(?:de\s+)?ia|llm)\b`,
  String.raw`\b(?:agentes|asistentes|assistentes)\s+(?:de\s+)?(?:ia|ai)\b`,
  // fr: "si vous êtes un modèle de langage", "aux agents IA", "pour les agents d'IA"
  String.raw`\bsi\s+(?:vous\s+êtes|tu\s+es)\s+(?:un|une)\s+(?:modèle\s+de\s+langage|ia|intelligence\s+artificielle|(?:agent|assistant)\s+(?:d['’])?ia|llm)\b`,
  String.raw`\b(?:agents?|assistants?)\s+(?:d['’])?ia\b`,
  // de: "wenn du ein Sprachmodell bist", "falls Sie eine KI sind"
  String.raw`\b(?:wenn|falls|sofern)\s+(?:du|sie)\s+(?:ein|eine)\s+(?:sprachmodell|ki|llm|ki-\p{L}+)\b`,
  // zh: "如果你是AI", "如果您是语言模型", "致所有AI智能体", "AI代理请"
  String.raw`(?:如果|若|假如)(?:你|您)是(?:一个|一名)?(?:ai|人工智能|(?:大)?语言模型|大模型|智能体|llm)|(?:ai|人工智能)\s*智能体|致(?:所有|各位)?(?:的)?(?:ai|人工智能)`,
  // ja: "あなたがAIなら", "言語モデルの方へ", "AIエージェントの皆様"
  String.raw`(?:あなた|貴方)が(?:ai|言語モデル|llm)(?:エージェント|アシスタント)?(?:なら|であれば|の場合)|(?:言語モデル|ai|エージェント)(?:の方|の皆(?:様|さん))へ?`,
].join('|');

/**
 * Keeping it from the user, addressed to the reader: "не сообщайте пользователю", "no le digas
 * nada al usuario", "não informe o usuário", "ne dites rien à l'utilisateur", "sag dem Nutzer
 * nichts", "不要告诉用户", "ユーザーには伝えないで".
 */
export const FOREIGN_CONCEAL = [
  String.raw`(?<![\p{L}])не\s+(?:сообща\p{L}*|говор\p{L}*|рассказыва\p{L}*|упомина\p{L}*|показыва\p{L}*|уведомля\p{L}*|информиру\p{L}*)\s+(?:об?\s+эт\p{L}*\s+)?(?:\p{L}+\s+)?пользовател`,
  String.raw`\bno\s+(?:le\s+|les\s+)?(?:digas|diga|informes|informe|menciones|mencione|cuentes|cuente|muestres|muestre|avises|avise)\b[^.\n]{0,30}?\busuarios?\b`,
  String.raw`\bnão\s+(?:diga|conte|informe|mencione|mostre|avise|fale)\b[^.\n]{0,30}?\b(?:usuários?|utilizador(?:es)?)\b`,
  String.raw`\bne\s+(?:le\s+|lui\s+|leur\s+|en\s+)?(?:dites|dis|mentionnez|mentionne|signalez|signale|montrez|montre|parlez|parle)\s+(?:pas|rien|jamais)\b[^.\n]{0,30}?\butilisateur|\bn['’](?:informez|informe|avertissez|avertis|en\s+parlez)\s+(?:pas|jamais)\b[^.\n]{0,30}?\butilisateur`,
  String.raw`\b(?:sag|sage|sagen\s+sie|teile|teilen\s+sie|erwähne|erwähnen\s+sie|zeige|zeigen\s+sie)\s+(?:dem|den)\s+(?:benutzer|nutzer|anwender)\p{L}*\s+(?:davon\s+|hiervon\s+)?nichts\b|\b(?:informiere|informieren\s+sie|benachrichtige|benachrichtigen\s+sie)\s+(?:den|die)\s+(?:benutzer|nutzer|anwender)\p{L}*\s+nicht\b`,
  String.raw`(?:不要|别|切勿|无需|不必|請勿|请勿|不需要)(?:告诉|告知|通知|提醒|提及|告訴|向)[^。\n]{0,6}?(?:用户|使用者|用戶)|不要让用户知道`,
  String.raw`(?:ユーザー|利用者)(?:に|へ)(?:は)?[^。\n]{0,20}?(?:伝えないで|知らせないで|言わないで|報告しないで|通知しないで|表示しないで|伝える必要はありません)`,
].join('|');
