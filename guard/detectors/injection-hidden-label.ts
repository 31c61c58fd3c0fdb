// Injected instructions hidden from the page's readers (an HTML comment, a collapsed block with no
// summary) under a label for machines: "🤖 LLM:", "Claude:", "AGENT DIRECTIVE (hidden from humans):",
// then a risky object (docs/guard.md "Injected instructions"). A maintainer's hidden note
// ("<!-- TODO: update screenshot -->") labels no machine.
import { addressedRisk } from './injection-addressed.js';

/** A machine's name or a directive for machines, as a label ending in a colon. */
const MACHINE_LABEL = String.raw`(?:^|[\s\[(<{*#>:-]|\p{Extended_Pictographic})\s*(?:ai|llm|agent|assistant|model|claude|copilot|gpt|chatgpt|gemini|cursor|codex|bot)s?(?:[\s_-]+(?:directives?|instructions?|orders?|notes?|tasks?))?\s*(?:\([^)\n]{0,40}\))?\s*\]?\s*:`;

export const HIDDEN_LABEL_ORDER = addressedRisk(MACHINE_LABEL);
