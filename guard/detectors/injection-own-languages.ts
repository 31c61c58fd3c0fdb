// Injected instructions: an order to set the reader's own instructions aside (its system prompt,
// your instructions, rules or guidelines) in Spanish, Portuguese, Italian, French, German, Russian,
// Chinese, Japanese and Korean (docs/guard.md "Injected instructions"). The verb is an imperative and
// the instructions are named as the reader's (`tu`, `votre`, `deine`, `你的`): `el modelo ignora el
// prompt del sistema` and `das Modell ignoriert seinen Systemprompt` report a bug.

/** Up to a few words between the verb and its object, within one sentence. */
const GAP = String.raw`(?:\s+[^\s.!?;:]{1,20}){0,3}?\s+`;

const FORMS = [
  // es
  String.raw`\b(?:ignora|olvida|descarta|omite|desobedece|no\s+sigas|deja\s+de\s+seguir)${GAP}(?:tu|tus)\s+(?:prompt\s+(?:del|de)\s+sistema|mensaje\s+(?:del|de)\s+sistema|instrucciones|reglas|directrices|normas|configuraci[oó]n)`,
  // pt
  String.raw`\b(?:ignore|esque[cç]a|desconsidere|descarte|n[aã]o\s+siga|pare\s+de\s+seguir)${GAP}(?:seu|sua|seus|suas|teu|tua|teus|tuas)\s+(?:prompt\s+(?:do|de)\s+sistema|mensagem\s+(?:do|de)\s+sistema|instru[cç][oõ]es|regras|diretrizes)`,
  // it
  String.raw`\b(?:ignora|dimentica|trascura|non\s+seguire|smetti\s+di\s+seguire)${GAP}(?:tuo|tua|tuoi|tue)\s+(?:prompt\s+di\s+sistema|messaggio\s+di\s+sistema|istruzioni|regole|linee\s+guida)`,
  // fr
  String.raw`\b(?:ignore[zs]?|oublie[zs]?|n[eé]glige[zs]?|ne\s+(?:suis|suivez)\s+plus|cesse[zs]?\s+de\s+suivre)${GAP}(?:ton|ta|tes|votre|vos)\s+(?:prompt\s+(?:du\s+)?syst[eè]me|message\s+(?:du\s+)?syst[eè]me|instructions|consignes|r[eè]gles|directives)`,
  // de
  String.raw`\b(?:ignoriere|ignorieren\s+sie|vergiss|vergessen\s+sie|missachte|missachten\s+sie|befolge\s+nicht\s+mehr)${GAP}(?:dein(?:e[nmrs]?)?|ihre?[nmrs]?)\s+(?:system-?prompts?|systemanweisung(?:en)?|systemnachricht|anweisungen|regeln|richtlinien|vorgaben)`,
  // ru
  String.raw`(?<![а-яё])(?:игнорируй(?:те)?|проигнорируй(?:те)?|забудь(?:те)?|не\s+следуй(?:те)?|перестань(?:те)?\s+следовать)${GAP}(?:сво[йиеёю][а-яё]*|тво[йиеёю][а-яё]*|ваш[а-яё]*|системн[а-яё]+)\s+(?:системн[а-яё]+\s+)?(?:промпт[а-яё]*|инструкци[а-яё]+|правил[а-яё]*|сообщени[а-яё]+|указани[а-яё]+)`,
  // zh: an order at a sentence's start or after 请, or the instructions named as yours
  String.raw`(?:(?:^|[。！？；：，,.!?;:\s]|请)(?:忽略|无视|忘记|忘掉|不要遵循|不再遵循|不要遵守)(?:掉)?(?:你的|您的)?|(?:忽略|无视|忘记|忘掉|不要遵循|不再遵循|不要遵守)(?:掉)?(?:你的|您的))(?:所有)?(?:系统提示(?:词)?|系统指令|系统消息|系统设定|指示|指令|规则)`,
  // ja
  String.raw`(?:システムプロンプト|システムメッセージ|システム指示|あなたの(?:指示|ルール|設定))(?:を|は)?(?:すべて|全て)?(?:無視|忘れ)(?:して|しろ|せよ|なさい)`,
  // ko
  String.raw`(?:시스템\s*프롬프트|시스템\s*메시지|시스템\s*지시|(?:너의|당신의)\s*(?:지시|규칙))\s*(?:를|을|는|은)?\s*(?:모두\s*)?(?:무시|잊어)(?:해|하세요|하고|하십시오|해라|버려)`,
];

const OWN_FOREIGN = new RegExp(FORMS.map((f) => `(?:${f})`).join('|'), 'imu');

/** Stems of the instructions' names each form needs, looked for before the pattern runs. */
const CUES = [
  'rompt', // prompt, Systemprompt, промпт is below
  'nstru', // instrucciones, instruções, instructions, инструкции is below
  'istruz',
  'egla', // reglas, règles, Regeln, regole, regras
  'ègle',
  'egeln',
  'egol',
  'egra',
  'iretri',
  'irectri',
  'irecti',
  'nsign',
  'nweisung',
  'ichtlin',
  'orgabe',
  'stem', // system, sistema, Systemnachricht, système
  'stè',
  'ormas',
  'inee',
  'onfigura',
  'промпт',
  'нструкц',
  'равил',
  'ообщени',
  'казани',
  '系统',
  '指示',
  '指令',
  '规则',
  'システム',
  'あなたの',
  '시스템',
  '지시',
  '규칙',
];

export const OWN_OVERRIDE_FOREIGN = {
  test: (t: string): boolean => CUES.some((c) => t.includes(c)) && OWN_FOREIGN.test(t),
};
