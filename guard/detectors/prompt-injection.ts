// `prompt_injection`: instructions smuggled into tool results; "block" reports, "sanitize" removes the lines.
import { eachString } from '../rules/field.js';
import type { Detector, Finding } from './detector.js';
import { checkKeys, enumParam } from './params.js';

interface Signature {
  name: string;
  re: RegExp;
}

const SIGNATURES: readonly Signature[] = [
  {
    name: 'override',
    re: /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|the\s+|your\s+)*(?:previous|prior|above|earlier|preceding|original|system|safety)\s+(?:instructions?|prompts?|rules|directions|guidelines|context|messages)/i,
  },
  {
    name: 'role_reset',
    re: /\b(?:you\s+are\s+now\s+(?:in\s+)?(?:developer|dan|jailbreak|unrestricted|god)\b|from\s+now\s+on,?\s+you\s+(?:will|must|are)\b)/i,
  },
  {
    name: 'fake_system',
    re: /(?:<\|im_start\|>\s*system|\[INST\]|<\/?system>|^\s*#{2,}\s*(?:system|new instructions?)\b|\bBEGIN\s+SYSTEM\s+PROMPT\b|^\s*new\s+(?:system\s+)?instructions?\s*:)/im,
  },
  {
    name: 'conceal',
    re: /\b(?:do\s+not|don't|never)\s+(?:tell|inform|alert|notify|mention\s+(?:this\s+)?to)\s+the\s+user\b/i,
  },
  {
    name: 'exfiltrate',
    re: /\b(?:send|post|upload|exfiltrate|forward|leak|transmit)\s+(?:the\s+|your\s+|all\s+|any\s+)*(?:contents?\s+of\s+)?(?:api[\s_-]?keys?|credentials|secrets|tokens?|passwords?|environment(?:\s+variables)?|env\s+vars|ssh\s+keys?|\.env|private\s+keys?|~\/\.ssh|\.aws)/i,
  },
  {
    name: 'agent_directive',
    re: /(?:^|[.!:>("'*-]\s*)(?:the\s+)?(?:(?:ai|llm)\s+)?(?:ai|llm|assistant|agent|claude|copilot|model)s?\s*(?:,|:)?\s+(?:you\s+)?(?:must|should|shall|needs?\s+to)\s+(?:now\s+|immediately\s+|silently\s+)?(?:ignore|run|execute|call|invoke|send|fetch|delete|curl|download)\b/im,
  },
  {
    name: 'reveal_prompt',
    re: /\b(?:reveal|print|output|repeat)\s+(?:your|the)\s+(?:system\s+prompt|hidden\s+instructions|initial\s+instructions)/i,
  },
  { name: 'unicode_tags', re: /[\u{E0000}-\u{E007F}]/u },
];

const TAGS = /[\u{E0000}-\u{E007F}]/gu;
const REMOVED = '[removed by interlock-mesh: possible prompt injection]';

interface InjectionParams {
  mode: 'block' | 'sanitize';
}

export function injectionSignatures(text: string): string[] {
  return SIGNATURES.filter((s) => s.re.test(text)).map((s) => s.name);
}

/** Replaces each offending line and strips invisible tag characters; other lines are kept as they were. */
export function sanitize(text: string): string {
  const out = text
    .split('\n')
    .map((line) => {
      const clean = line.replace(TAGS, '');
      return SIGNATURES.some((s) => s.name !== 'unicode_tags' && s.re.test(clean))
        ? REMOVED
        : clean;
    })
    .join('\n');
  return injectionSignatures(out).length === 0 ? out : REMOVED;
}

export const promptInjectionDetector: Detector<InjectionParams> = {
  name: 'prompt_injection',
  rewrites: (p) => p.mode === 'sanitize',
  parseParams(params, path) {
    const p = checkKeys(params, ['mode'], path);
    return { mode: enumParam(p, 'mode', ['block', 'sanitize'], 'block', path) };
  },
  scan(value, path, _ctx, params) {
    const findings: Finding[] = [];
    eachString(value, path, (s, at) => {
      const sigs = injectionSignatures(s);
      if (sigs.length === 0) return;
      const f: Finding = { path: at, reason: `injection signature ${sigs.join(', ')}` };
      if (params.mode === 'sanitize') f.rewrite = sanitize(s);
      findings.push(f);
    });
    return findings;
  },
};
