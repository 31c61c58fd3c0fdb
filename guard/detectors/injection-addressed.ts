// Injected instructions: a text that addresses the assistant, in any of several languages, and
// close after it names a command or a secret no ordinary task hands it (docs/guard.md
// "Injected instructions"). The address alone is ordinary in chat transcripts and agent docs; the
// risky object alone is ordinary in security docs; the two together are an order.

import { AGENT_TAG } from './injection-quotes.js';
import { FOREIGN_ADDRESSEE } from './injection-foreign.js';

/**
 * A role noun as the subject of a description ("an LLM agent with email tools reads that page",
 * "an AI agent is tricked into ..."): a text about how agents behave (a security post, a paper),
 * not one spoken to the agent. A modal only after "a"/"an" ("an LLM agent may run curl", "places
 * an agent will read"): "the assistant could also run ..." is a request. A bug report's "the bot refuses
 * or gives a generic answer" says what it does.
 */
const DESCRIBED = String.raw`(?!(?:\s+with\s+[\w-]+(?:\s+[\w-]+){0,3})?\s+(?:reads|sees|follows|obeys|encounters|visits|browses|summari[sz]es|processes|ingests|refuses|replies|responds|answers|complies|returns|leaks|crashes|hallucinates|is\s+(?:tricked|fooled|exposed|vulnerable))\b)(?!(?<=\ban?\s+(?:[\w-]+\s+){0,2}[\w-]+)(?:\s+with\s+[\w-]+(?:\s+[\w-]+){0,3})?\s+(?:may|might|can|could|will|would)\b)`;
/**
 * What a bot did, in a bug report ("the bot replied with our system prompt", "the assistant leaked
 * the canary", "the agent ran the migration twice"): a past act told to the human reader.
 */
const DONE = String.raw`replied|responded|answered|leaked|revealed|exposed|returned|printed|dumped|echoed|ignored|followed|obeyed|refused|complied|executed|ran|crashed|hallucinated|misread`;

/**
 * A role noun as the subject of what it did ("if an AI assistant wrote part of it, say which"): the
 * text speaks about an assistant's past work, to its human reader.
 */
const DID = String.raw`(?!\s+(?:wrote|written|generated|produced|authored|drafted|created|made|suggested|helped|was|were|did|has\s+(?:written|generated|made|produced)|${DONE})\b)${DESCRIBED}`;

/**
 * A mention that heads what its account wrote ("@ci-bot commented:", "@renovate-bot opened this",
 * "**@devbot** wrote:"): an issue thread's author line, not an address to the bot.
 */
const AUTHORED = String.raw`(?![*_]{0,2}\s+(?:commented|wrote|replied|posted|opened|reviewed|approved|added|left|said|reported|closed|merged|pushed|labell?ed|mentioned|requested|edited|responded)\b)`;

/** What drives an agent, as a hyphenated trait: "tool-using", "LLM-based", "MCP-enabled". */
const TRAIT = String.raw`(?:tool|mcp|llm|ai|gpt|function|computer|browser)[\s-](?:using|use|enabled|powered|based|calling|capable|driven|augmented)`;

/** The machine a pseudo-tag names. */
const MACHINE = '(?:assistant|agent|ai|llm|model|bot|claude|copilot|gpt)';

/**
 * The assistant addressed: by role, by product name, by a mention, in several languages. A role
 * noun that ends its line ("# Threat model: coding agent") is a title's topic, not an address.
 */
export const ADDRESSEE = [
  // the object of a causative verb ("if you can make the bot leak data") is talked about, not to
  String.raw`(?:\b|(?<=\\[nrt]))(?<!\b(?:make|makes|made|making|let|lets|letting|get|gets|got|getting|trick|tricks|tricked|tricking|force|forces|forced|forcing|cause|causes|caused|causing|convince|convinces|convinced|persuade|persuades|persuaded)\s{1,4})(?:(?:the|an?|any|all|automated|autonomous|coding|code|review(?:er)?|triage|ci|ai|llm)\s{1,4}){1,3}(?:assistants?|agents?|bots?)\b(?![)\]*_ \t]*(?:\n|$))${DID}`,
  // a greeting or attention word before the role noun is an address even where it ends its line
  // ("Attention coding agent" and the order on the next line), unlike a title's topic
  String.raw`\b(?:attention|attn|dear|hey|hi|hello|greetings|(?:note|notice|message|memo|reminder|instructions?)\s+(?:to|for))[\s:,!-]{1,4}(?:(?:the|an?|any|all|automated|autonomous|coding|code|review(?:er)?|triage|ci|ai|llm|${TRAIT})\s{1,4}){0,3}(?:assistants?|agents?|bots?|models?|claude|copilot|cursor|codex|gemini|devin|chatgpt|(?:ai|llm)(?![ \t]*(?:team|group|lab|squad|folks|community|enthusiasts|working\s+group)\b))\b`,
  String.raw`\b(?:assistant|agent)[\s-]+(?:instructions?|notes?|tasks?)\b`,
  String.raw`(?:^|[\s(*>#-])(?:agents?|assistants?|models?|llms?|bots?)\s+(?:reading|processing|parsing|summari[sz]ing|running|executing|using|opening|building|testing)\s+(?:this|these)\b`,
  // the reader as one working in the project ("Agents working in this repository are required
  // to"), not a CI fleet's ("build agents operating in this pool")
  String.raw`(?<!\b(?:build|ci|cd|jenkins|buildkite|teamcity|bamboo|gitlab|azure|pipeline|deploy(?:ment)?|monitoring|datadog|self-hosted|hosted)[\s-])\b(?:agents?|assistants?|llms?|bots?)\s+(?:working|operating|acting|contributing)\s+(?:in|on|within|inside|to|with)\s+(?:this|these|the\s+(?:repo|repository|project|codebase|workspace|package|module)s?\b)`,
  // a heading or a labelled line for agents ("## For automated agents", "Note for AI assistants:"):
  // a section spoken to its machine reader, not a title's topic ("# Threat model: coding agent")
  String.raw`(?<=^|\n)[ \t]{0,3}(?:#{1,6}[ \t]+|[*_]{1,2})?(?:(?:an?\s+)?(?:notes?|instructions?|guidance|rules|notice|message)\s+)?(?:for|to)\s+(?:the\s+|all\s+|any\s+)?(?:(?:automated|autonomous|ai|llm|coding|code|${TRAIT})[\s-]+){0,2}(?:agents|assistants|bots|llms)\b(?=[ \t]*(?:[*_]{1,2})?[ \t]*(?:\n|$)|[ \t]*:)`,
  // a group of machine readers under an order ("tools and assistants must set", "AI agents are
  // required to"): an order's subject, not a description ("an AI agent may run")
  String.raw`\b(?:(?:tools?|systems?|agents?|bots?|models?|crawlers?|scrapers?)\s*(?:,|and|or|&|\/)\s*)?(?:(?:ai|llm|coding|autonomous|automated)[\s-]+)?(?:assistants|llms|(?:ai|llm|coding)[\s-]+(?:agents|tools|models|bots|assistants))\s+(?:must|shall|need\s+to|are\s+(?:required|expected|asked|instructed|obliged)\s+to|have\s+to)\b`,
  // a notice for agents described by what drives them ("SYSTEM MESSAGE FOR TOOL-USING ASSISTANTS",
  // "notice to all LLM-based agents"), not a CI fleet's ("note for self-hosted agents")
  String.raw`\b(?:note|notice|message|memo|reminder|instructions?|warning|alert)\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?${TRAIT}\s+(?:[\w-]+\s+)?(?:assistants?|agents?|bots?|models?)\b`,
  // with the kind of work between: "AI browsing assistants", "LLM shopping agents"
  String.raw`\b(?:ai|llm)[\s-]+(?:(?:browsing|browser|web|shopping|research|email|support|writing|chat)[\s-]+)?(?:assistants?|agents?|models?)\b${DID}`,
  String.raw`(?:^|[\s("'])@(?:assistant|agent|claude|copilot|ai|bot)\b${AUTHORED}`,
  // a chat or issue mention of a bot account ("@devbot please run ..."), not of a person
  String.raw`(?:^|[\s("'])@[\w-]{0,20}(?:bot|agent|gpt)\b${AUTHORED}`,
  // products named together ("Claude / Copilot / Cursor triaging this:") or as the reader of this
  String.raw`\b(?:claude|copilot|cursor|codex|gemini|devin|chatgpt)(?:\s*(?:\/|,|\bor\b|&)\s*(?:claude|copilot|cursor|codex|gemini|devin|chatgpt)){1,5}\s*:`,
  String.raw`\b(?:claude|copilot|cursor|codex|gemini|devin|chatgpt)\b[^\n]{0,40}?\b(?:triaging|reading|handling|processing|reviewing|working\s+on)\s+this\b`,
  // "any AI editing this file", "agents working on this repo": the reader of the text, as an AI
  String.raw`\b(?:any|an?|the|every)\s+(?:ai|llm|agents?|assistants?|bots?)\s+(?:editing|modifying|touching|changing|reading|working\s+on|opening)\s+(?:this|these)\b`,
  // a comment tag addressed to an agent: "NOTE(agent):", "TODO(ai-agent):"
  AGENT_TAG.source,
  // a bracketed note to the model in visible text ("[AI: ignore the summary request ...]")
  String.raw`\[\s*(?:ai|assistant|agent|llm)\s*:`,
  String.raw`\b(?:hi|hey|hello|dear)\s+(?:claude|copilot|gemini|codex|cursor|assistant)\b`,
  // a comma before another product lists products ("works with Claude, Copilot and Cursor")
  String.raw`(?:^|(?<=\\[nrt])|[\s>*#.;!?()[\]{}"'-])(?:assistant|claude(?:\s+code)?|copilot(?:\s+(?:chat|agent))?|gemini(?:\s+cli)?|codex(?:\s+cli)?)\s*(?::|,(?!\s*(?:and\s+|or\s+)?(?:claude|copilot|cursor|codex|gemini|devin|chatgpt)\b))`,
  // a label for the assistant in a tool's output ("ASSISTANT ACTION REQUIRED:", "AI agent notice:",
  // "Action required for the coding agent:"): a build or install step addressing its machine reader
  // (a bare "agent" is a CI runner's: "Jenkins agent notice:")
  String.raw`\b(?:(?:ai|llm|coding)[\s-]+(?:assistant|agent)|assistant|claude|copilot|codex|gemini|llm|ai)s?[\s-]+(?:action(?:[\s-]+(?:required|needed|items?))?|attention|notice|todo)\s*(?:\([^)\n]{0,30}\)\s*)?[:!]|\baction[\s_-]+(?:required|needed|items?)\s+(?:for|by)\s+(?:the\s+|any\s+)?(?:(?:ai|llm|coding)\s+)?(?:assistants?|agents?|claude|copilot|codex|gemini|models?)\b`,
  // a directive labelled for the machine ("AI-AGENT-DIRECTIVE:", "AI-NOTE:", "LLM-INSTRUCTION:",
  // "COPILOT_INSTRUCTIONS:"): no person labels a note to a colleague by what reads it
  String.raw`\b(?:ai|llm|assistant|copilot|claude|codex|gemini|cursor)(?:[\s_-]+(?:agent|assistant))?[\s_-]+(?:directives?|instructions?|notes?|memo)\s*:|\bagent[\s_-]+directives?\s*:`,
  // agents as a line's label before a sentence ("Agents: before opening a PR, add ..."), as
  // "Assistant:" is; a count or status ("Agents: 3 online") is a CI fleet's
  String.raw`(?<=^|\n)[ \t>*_-]{0,6}(?:(?:ai|llm|coding)[\s-]+)?(?:agents|assistants)[*_]{0,2}[ \t]*:[*_]{0,2}[ \t]+(?=[a-z])`,
  // es/pt/it/fr/de/nl: "asistente de IA", "assistente de IA", "l'assistant IA", "KI-Agent"
  String.raw`\b(?:asistente|assistente|assistant)\s+(?:de\s+|d'|di\s+)?(?:ia|ai)\b`,
  String.raw`(?:(?:^|\s)(?:[àa]\s+l['’]|au\s+|pour\s+l['’]|al\s+|para\s+(?:el|o)\s+|ao\s+))(?:assistant|asistente|assistente|agent|agente)\b`,
  String.raw`\bki[\s-]*(?:agent(?:en)?|assistent(?:en)?|modell)\b`,
  // ru/uk, ja, zh, ko
  String.raw`(?:ии|ші)[\s-]*(?:ассистент|агент|помощник|асистент)`,
  // a Cyrillic vocative ("Ассистент, выполни"): `\b` does not see Cyrillic letters in JS
  String.raw`(?<![а-яёіїє])(?:ассистент|агент|помощник|асистент|помічник)(?:у|е|ам)?\s*[:,]`,
  // with the kind of work between ("AI 编程助手", "AI コーディングアシスタント", "AI 코딩 어시스턴트")
  String.raw`ai\s*(?:(?:编程|編程|编码|編碼|代码|程式|程序|开发|開發|コーディング|プログラミング|코딩|개발|프로그래밍)\s*)?(?:アシスタント|エージェント|助手|代理|智能体|어시스턴트|에이전트)|(?:人工智能|智能|编程|編程|代码)助手|ＡＩ`,
  // a pseudo-tag that reserves its text for the machine ("[assistant-only]", "<ai-only>", "[for-ai]"):
  // no person writes a note that the reader of the page is not meant to read
  String.raw`[\[<]\/?(?:(?:for|to)[\s_-]+(?:the[\s_-]+)?${MACHINE}s?|${MACHINE}s?[\s_-]+(?:eyes[\s_-]+)?only)[\]>]`,
  FOREIGN_ADDRESSEE,
].join('|');

/**
 * A word every form of ADDRESSEE contains (a role noun, a product, "AI"/"IA"/"KI", "artificial"), or
 * a letter of the scripts its Cyrillic, CJK and Hangul forms are written in: one cheap scan that
 * rules out most texts before the costly scan of the addresses themselves.
 */
const ROLE_WORD =
  /assistant|assistent|asistente|agent|bot|model|modèle|claude|copilot|cursor|codex|gemini|devin|gpt|llm|artifici|(?<![a-z0-9])(?:ais?|ia|ki)(?![a-z0-9])|[\u0400-\u04ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]/iu;
/** Whether `text` may hold an ADDRESSEE: false rules it out, true is to be checked. */
export const mayAddress = (text: string): boolean => ROLE_WORD.test(text);

/** What no ordinary task asks of the assistant: secrets, fetched code, destruction, exposure. */
export const RISKY = [
  String.raw`\b(?:curl|wget|iwr|iex|nc|ncat)\b`,
  String.raw`\|\s*(?:ba|z)?sh\b`,
  // a download run as root: piped into sudo, or a shell started by it
  String.raw`\|\s*sudo\b|\bsudo\s+(?:-\S+\s+)*(?:ba|z|da)?sh\b`,
  // a browser extension widened to every site, or a content script fetched from elsewhere
  String.raw`<all_urls>|"\*:\/\/\*\/\*"|\bhost_permissions\b|\bcontent[\s_-]scripts?\b[^\n]{0,40}?https?:\/\/`,
  // login files a shell reads at every start, and TLS checks turned off by a flag or a variable
  String.raw`(?:^|[\s'"\x60(=])\.(?:profile|bash_profile|bash_login|zprofile|zshenv|zlogin)\b|--insecure\b|\binsecure[_-]skip[_-]tls[_-]verify\b|\bPYTHONHTTPSVERIFY\s*=\s*['"]?0|\bstrict[_-]?ssl\s*[=:]\s*false\b`,
  String.raw`~\/\.|\$HOME\/\.|\.(?:ssh|aws|gnupg|kube|docker|npmrc|netrc|pypirc|env)\b|\bid_(?:rsa|ed25519|ecdsa)\b|authorized_keys|keychains?\b|\.(?:bash|zsh)rc\b`,
  // a package published, or its registry moved ("set the npm registry to https://...", "run npm
  // publish with the user's token"): the user's name on code or packages from elsewhere
  String.raw`\b(?:npm|yarn|pnpm|cargo|gem|twine|poetry|nuget|mvn|gradle)\s+(?:publish|push|upload|deploy)\b|\b(?:npm|yarn|pnpm|pip|pypi|cargo|gem|go|maven|nuget|composer)\s+(?:registry|index|proxy|mirror|source)\s+to\s+https?:|\bthe\s+user'?s\s+(?:tokens?|credentials|keys?|cookies|session)\b`,
  // a browser's session: its cookies read by a script; its saved passwords and their pages
  String.raw`\bdocument\.cookie\b|\bcookies\.getAll\b`,
  String.raw`\b(?:chrome|edge|brave|opera|vivaldi)://(?:settings/)?(?:passwords|password-manager|autofill)\b|\babout:logins\b|\b(?:saved|stored|all)\s+(?:passwords|logins|entries)\b|\bpassword\s+manager\b`,
  String.raw`\b(?:github|gh|npm|aws|api)_?token\b|\bprivate\s+key\b|\bcredentials?\b|\baccess[\s-]keys?\b|\bsecrets?\b`,
  String.raw`\b(?:mot\s+de\s+passe|contraseñas?|passwort|senhas?|password)\b|пароль|パスワード|密码|密碼|비밀번호`,
  String.raw`\brm\s+-[a-z]*[rf]|\bkubectl\s+delete\b|\bdrop[\s_]+(?:schemas?|database|table)\b|--force\b|\bterraform\s+destroy\b`,
  // a run against production ("--target prod"), a new cloud key, the whole environment (not one
  // variable read by name)
  String.raw`--(?:target|env(?:ironment)?)[\s=]+prod(?:uction)?\b|\bcreate-access-key\b|\bos\.environ\b(?!\s*(?:\.get\b|\[))|\bprocess\.env\b(?!\s*[.[])`,
  // the whole environment in the other languages: Go, Rust, Ruby, Perl, PowerShell
  String.raw`\bos\.Environ\(\)|\b(?:std::)?env::vars(?:_os)?\(\)|\bENV\.(?:to_h|to_hash|each)\b|%ENV\b|\b(?:gci|Get-ChildItem|dir|ls)\s+env:(?![\w$])`,
  // packages fetched from another source or unchecked: a proxy or index set, checksums turned off
  String.raw`\b(?:GOPROXY|GONOSUMDB|GONOSUMCHECK|GOINSECURE|GOPRIVATE|PIP_(?:EXTRA_)?INDEX_URL|UV_(?:EXTRA_)?INDEX_URL|NPM_CONFIG_REGISTRY)\s*(?:=|\s+to\s+https?:)|\bgo\s+env\s+-w\s+GO[A-Z]+|\b(?:npm|yarn|pnpm|pip3?)\s+config\s+set\s+(?:global\.)?(?:index-url|registry|npmRegistryServer)\b|\bGOSUMDB\s*=\s*off\b|\bGOFLAGS\s*=\s*\S*-insecure\b|(?:--|\.)(?:extra-)?index-url\b|--trusted-host\b|\bnpm\s+config\s+set\s+registry\b|--registry[\s=]+https?:|\bNODE_TLS_REJECT_UNAUTHORIZED\s*=\s*['"]?0|\bGIT_SSL_NO_VERIFY\b|\bsslverify\s+false\b`,
  // repository actions that bypass review or move the project: an admin merge, a new remote
  // a push of the project to an address rather than a remote it has ("push main to https://...")
  String.raw`\bpush\b[^\n|;&]{0,40}?\bto\s+https?:\/\/`,
  String.raw`\bgh\s+pr\s+(?:merge|review)\b[^\n]{0,80}?(?:--admin|--approve)\b|--admin\b|\bgit\s+(?:-[Cc]\s+\S+\s+)*remote\s+(?:set-url|add)\b|\bgit\s+push\s+(?:[^\n|;&]{0,40}\s)?-f\b`,
  // a named key taken from the environment (OPENAI_API_KEY, an "API key")
  String.raw`\b[A-Z][A-Z0-9]*_API_?KEY\b|\bapi[\s_-]?keys?\b`,
  String.raw`\bgists?\b|\bstrict-ssl\s+false\b|\bsettings\.json\b|\bpre-?tool\s+hooks?\b`,
  // keys that sign or deploy, and git settings that skip hooks or store credentials in the clear
  // code-signing material: the keychain's identities and provisioning profiles, exported keys
  String.raw`\bsecurity\s+(?:find-identity|find-(?:generic|internet)-password|dump-keychain|export)\b|\bprovisioning\\?\s+profiles?\b|\.(?:p12|pfx|mobileprovision|keystore|jks)\b`,
  // signature and certificate checks turned off (nix, dnf/yum, apt, wget, pip, any `verify = false`)
  String.raw`\brequire-sigs\s*=\s*false\b|\b(?:extra-)?substituters\s*=|\bgpgcheck\s*=\s*0\b|--nogpgcheck\b|--allow-unauthenticated\b|--no-check-certificate\b|\b(?:ssl[_-]?verify|verify[_-]ssl|check[_-]?sigs?)\s*=\s*(?:false|0|no|off)\b`,
  String.raw`\b(?:deploy|ssh|signing|gpg|pgp)\s+keys?\b|--no-verify\b|\bcredential\.helper\b|\bcore\.hookspath\b`,
  // a database's address with its password in it (DATABASE_URL, MONGO_URI, a connection string)
  String.raw`\b(?:database|db|mongo(?:db)?|redis|postgres(?:ql)?|pg|mysql)_?(?:url|uri|dsn)\b|\bconnection\s+strings?\b`,
  // a secret's variable by name (AWS_SECRET_ACCESS_KEY, STRIPE_SECRET_KEY, DB_PASSWORD)
  String.raw`\b[a-z][a-z0-9]*_(?:[a-z0-9]+_)*(?:secret|token|password|passwd|api_?key|access_key)(?:_[a-z0-9]+)*\b`,
  // CI and repository defences taken down: every permission to a workflow's token, actions unpinned,
  // branch protection, a push straight to the default branch
  String.raw`\bwrite-all\b|\bun-?pin(?:s|ned|ning)?\b|@(?:main|master|latest|head)\b[^\n]{0,40}?\binstead\s+of\s+(?:a\s+|the\s+|its\s+)?(?:pinned|sha|commit|tag)|\bbranch[\s_-]+protection\b|\bpush(?:es|ed|ing)?\s+(?:it\s+|them\s+)?(?:directly\s+|straight\s+)?to\s+(?:the\s+)?(?:default|main|master|protected|release)\s+branch\b`,
  // a security setting turned off or a limit made meaningless ("require-second-approver = false",
  // "mfa_enabled: false", "approval-threshold = 999999999")
  String.raw`\b[\w.-]{0,40}(?:approv|auth|mfa|2fa|otp|verif|validat|require|csrf|signature|encrypt)[\w.-]{0,40}\s*[=:]\s*['"]?(?:false|off|disabled|no|none|0)\b|\b[\w.-]{0,40}(?:threshold|limit|max)[\w.-]{0,40}\s*[=:]\s*9{6,}`,
  // data changed in place: a role granted, rows rewritten or removed
  String.raw`\bupdate\s+[\w."]{1,64}\s+set\b|\bdelete\s+from\b|\bgrant\s+[\w ,]{1,40}\s+(?:on|to)\b`,
].join('|');

/** How far after an address its risky object may stand (an order may end in a code block). */
const WINDOW = 320;

// without the `u` flag: RISKY needs no Unicode property, and a case-insensitive Unicode scan of its
// many alternatives costs some twenty times more per character
const RISK_AT = new RegExp(RISKY, 'gi');

/** The start of every match of `re` in `text`: one pass; no match runs past its own words. */
function starts(re: RegExp, text: string): number[] {
  re.lastIndex = 0;
  const at: number[] = [];
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    at.push(m.index);
    if (m[0].length === 0) re.lastIndex++;
  }
  return at;
}

/**
 * A test for an address (`addressee`, a pattern; `may`, a cheap test that rules texts out before
 * it) followed by a risky object (`risk`, a global pattern) within WINDOW characters (or its list item, itemScope). Two linear scans and a merge,
 * not one pattern with a gap between the two: this text is attacker-controlled, and a pattern that
 * retries the gap at every address is quadratic on a text made of addresses.
 */
export function addressedRisk(
  addressee: string,
  risk: RegExp | readonly RegExp[] = RISK_AT,
  may?: (text: string) => boolean,
): { test(text: string): boolean } {
  const addressAt = new RegExp(addressee, 'giu');
  return {
    test(text: string): boolean {
      if (may !== undefined && !may(text)) return false;
      // addresses are rare in ordinary text: found first, the objects are looked for only after one
      const addresses = starts(addressAt, text);
      if (addresses.length === 0) return false;
      const risks = Array.isArray(risk)
        ? risk.flatMap((r: RegExp) => objectsNear(r, text, addresses)).sort((x, y) => x - y)
        : objectsNear(risk as RegExp, text, addresses);
      const barred = new Map<number, boolean>();
      const allowed = (i: number): boolean => {
        let b = barred.get(i);
        if (b === undefined) barred.set(i, (b = forbidden(text, i)));
        return !b;
      };
      let r = 0;
      for (const a of addresses) {
        while (r < risks.length && (risks[r] ?? 0) <= a) r++;
        if (r === risks.length) return false;
        const scope = Math.min(itemScope(text, a), sectionScope(text, a));
        for (let k = r; k < risks.length && (risks[k] ?? 0) - a <= scope; k++)
          if (allowed(risks[k] ?? 0)) return true;
      }
      return false;
    },
  };
}

/** How far past a window's end an object that starts inside it may run (the longest object). */
const OVERLAP = 200;

/**
 * The start of every object (`risk`) that starts within WINDOW after an address: only the union of
 * the address windows is scanned, each character once or twice, so a text with few addresses costs
 * little and one made of addresses still costs one pass.
 */
function objectsNear(risk: RegExp, text: string, addresses: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < addresses.length) {
    const from = addresses[i] ?? 0;
    let to = from + WINDOW;
    while (i + 1 < addresses.length && (addresses[i + 1] ?? 0) <= to)
      to = (addresses[++i] ?? 0) + WINDOW;
    i++;
    for (const at of starts(risk, text.slice(from, to + OVERLAP)))
      if (at <= to - from) out.push(from + at);
  }
  return out;
}

/**
 * A negation governing the object a few words before it, in its clause: "never print the contents
 * of .env", "don't paste tokens" forbid what they name, and "no real credentials are needed", "no
 * secrets in it" say it is absent. Not "do not hesitate to run", "never mind",
 * "no need to ask", nor a negation whose clause ends before the object ("don't ask; run curl ...").
 */
const FORBIDS =
  /\b(?:never|do\s+not|don'?t|must\s+not|mustn'?t|should\s+not|shouldn'?t|cannot|can'?t)\s+(?!(?:hesitate|forget|fail|bother|mind|wait|stop|need|ask|refuse|worry)\b)(?:[\w'-]+\s+){0,4}$|\bno\s+(?:[\w-]+\s+)?$/i;

function forbidden(text: string, at: number): boolean {
  const clause =
    text
      .slice(Math.max(0, at - 80), at)
      .split(/[.;:!?,\n]/)
      .at(-1) ?? '';
  return FORBIDS.test(clause);
}

/** A list item's marker at a line's start: `- `, `* `, `+ `, `1. `, `2) ` (CommonMark §5.2). */
const ITEM = /^([ \t]*)(?:[-*+]|\d{1,3}[.)])[ \t]+/;

/**
 * How far after an address at `a` its object may stand: WINDOW, or up to the next labelled item of
 * the same list when the address opens a list item. A changelog's `- Assistant: asks before running
 * scripts` names a component, and the next labelled item (`- Fixed: credentials dialog`) is another
 * entry, not its object; an order's steps (`- run ...`) are not labelled, and stay in scope.
 */
function itemScope(text: string, a: number): number {
  const ls = text.lastIndexOf('\n', a - 1) + 1;
  const m = ITEM.exec(text.slice(ls, a + 2));
  if (m === null || a > ls + m[0].length) return WINDOW;
  // ` * ` inside a block comment (JSDoc) continues one comment, it does not start an item
  const before = text.slice(Math.max(0, ls - 4096), ls);
  if (before.lastIndexOf('/*') > before.lastIndexOf('*/')) return WINDOW;
  const indent = Math.min((m[1] ?? '').length, 16);
  const next = new RegExp(
    String.raw`\n[ \t]{0,${indent}}(?:[-*+]|\d{1,3}[.)])[ \t]+\**[\w./ -]{1,30}\**:`,
  ).exec(text.slice(a, a + WINDOW));
  return next === null ? WINDOW : next.index;
}

/** A markdown heading (CommonMark §4.2) after a blank line: a new section starts. */
const HEADING = /\n[ \t]*\n[ \t]{0,3}#{1,6}[ \t]/;
/** An address that points at what follows ("run the steps below:", "as follows"). */
const POINTS_ON = /\b(?:below|following|as\s+follows|next\s+section)\b[^.!?\n]{0,40}[.!?]?\s*$/i;

/**
 * How far after an address at `a` its object may stand within its section: a complete sentence
 * before the next heading ("CI systems and automated agents should always pass `--atomic`.", then
 * "## Values" and a table naming a Secret) is advice in its own section; an address that ends in a
 * colon or points below still reaches past the heading to the steps it introduces.
 */
function sectionScope(text: string, a: number): number {
  const m = HEADING.exec(text.slice(a, a + WINDOW));
  if (m === null) return WINDOW;
  const own = text.slice(a, a + m.index).trimEnd();
  return /[.!?][`'")\]]*$/.test(own) && !POINTS_ON.test(own) ? m.index : WINDOW;
}

/**
 * A turn label ("SYSTEM:", "[ASSISTANT: ...") then a risky object: in hidden content only (an HTML
 * comment, an image URL), where no transcript a user reads puts one.
 */
export const ROLE_LABEL_RISK = addressedRisk(
  String.raw`(?:^|[\s\[(<{*#>])(?:system|assistant|developer|admin|ai|agent)\s*\]?\s*:`,
);
