// Injected instructions: a logged field's value that breaks out of its frame (docs/guard.md
// "Injected instructions"). A log line's quoted values are what a client sent and are read as data,
// but one that closes the frame the reader sees its data in (`</log>`, `</tool_output>`,
// `<|im_end|>`, `END OF LOG`) or opens a turn of the model's own (`SYSTEM OVERRIDE:`, `[SYSTEM]`)
// was written for a model, not for the person reading the log: it stays read.

/** A frame closed or a system turn opened, inside a value. */
const BREAKOUT =
  /<\/\s*(?:log|logs|data|output|tool_output|tool_result|function_results|result|results|document|context|content|input|user_input|message|record|entry|row|untrusted[\w-]*)\s*>|<\|im_(?:end|start)\|>|\[\/?(?:INST|SYSTEM)\]|\bSYSTEM\s+(?:OVERRIDE|MESSAGE|PROMPT|NOTICE|INSTRUCTIONS?)\b|\bEND\s+OF\s+(?:LOG|DATA|OUTPUT|INPUT|DOCUMENT|CONTEXT)\b/;

/** Whether a logged value breaks out of its frame; a cheap test first, as most values hold neither. */
export function breaksOutOfLog(value: string): boolean {
  if (
    !value.includes('<') &&
    !value.includes('[') &&
    !value.includes('SYSTEM') &&
    !value.includes('END')
  )
    return false;
  return BREAKOUT.test(value);
}
