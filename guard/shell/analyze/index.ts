// Shell analysis: the simple commands a script would run (docs/guard.md "Shell analysis").
export { analyzeShell } from './analyze-shell.js';
export { plainCommand } from './plain-command.js';
export { MAX_DEFINITIONS } from './state.js';
