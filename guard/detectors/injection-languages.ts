// An override ("ignore all previous instructions") in languages beside English: a verb, a word for
// instructions and a word for previous or all, in one sentence, in the three orders languages use.

/** "Ignore", "forget", "disregard" (stems: inflections follow). */
const IGNORE =
  'ignor|negeer|vergeet|vergiss|vergessen|missachte|olvid|oubli|dimentica|esque[cç]a|desconsider|descart|zignoruj|pomi[nń]|zapomnij|yok\\s+say|görmezden\\s+gel|unut|bỏ\\s+qua|phớt\\s+lờ|quên|abaikan|lupakan|glöm|glem|zapomeň|uită|игнорир|забудь|не\\s+обращай|ігнор|تجاهل|انس|התעלם|שכח|अनदेखा|नज़रअंदाज़|नजरअंदाज|αγνόησ|αγνοήσ|ξέχασ|忽略|无视|無視|忘记|忘れ|무시|잊어';
/** "Instructions", "commands", "rules". */
const RULES =
  'instruc|instrukc|instruks|instrukt|instruç|istruzion|anweisung|consignes|polece|talimat|hướng\\s+dẫn|chỉ\\s+dẫn|chỉ\\s+thị|perintah|pokyn|инструкци|указани|інструкці|вказівк|تعليمات|הוראות|निर्देश|οδηγί|εντολ|指示|指令|命令|지시|regels|reglas|règles|regole|richtlijnen';
/** "Previous", "earlier", "all". */
const PREVIOUS =
  'preceden|précéden|anterior|vorherig|bisherig|vorig|eerder|poprzedni|wcześniejsz|önceki|trước|sebelumnya|tidigare|tidligere|předchozí|предыдущ|прежн|поперед|السابق|הקודמ|पिछल|προηγούμεν|之前|以前|先前|上面|前の|上記|이전|todas|toutes|tutte|alle|wszystkie|tüm|mọi|semua|alla|všechny|toate|все|усі|جميع|כל|सभी|όλες|所有|すべて|모든';

/** A word that starts where no Latin letter precedes it (`alle` is not the end of `galleries`). */
const word = (alternatives: string): string => `(?<![a-zà-ÿ])(?:${alternatives})`;
/** The gap between two of the words: within one sentence. */
const GAP = '[^.!?\\n。！？"“”:;{}<>]{0,50}?';

export const MULTILINGUAL_OVERRIDE = new RegExp(
  [
    [IGNORE, PREVIOUS, RULES],
    [IGNORE, RULES, PREVIOUS],
    [PREVIOUS, RULES, IGNORE],
  ]
    .map((order) => order.map(word).join(GAP))
    .join('|'),
  'iu',
);
