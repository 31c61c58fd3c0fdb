// The tools of a coding agent by role (shell, file read, file write, outbound), under the names every
// front door gives them (docs/architecture.md "Guard event"): built-in tools by name, MCP tools as
// mcp__<server>__<tool> by what the tool does, so a server's file or shell tool is the same role.
import { CODE_TOOLS } from '../../guard/index.js';

/**
 * Tools that run a shell command in `args.command`, and tools that run code, which the engine reads
 * as the command running it (docs/guard.md "Interpreter code").
 */
export const SHELL_TOOLS = [
  'Bash',
  'bash',
  'shell',
  'run_terminal_cmd',
  'exec_command',
  // Windows agents' shell tool runs PowerShell, which the shell analysis reads as such
  'PowerShell',
  'powershell',
  'pwsh',
  'mcp__*__powershell*',
  'mcp__*__run_powershell*',
  'mcp__*__bash',
  'mcp__*__shell',
  'mcp__*__*_shell',
  'mcp__*__run_command',
  'mcp__*__run_shell*',
  'mcp__*__run_terminal*',
  'mcp__*__execute_command',
  'mcp__*__exec',
  'mcp__*__exec_command',
  'mcp__*__terminal*',
  ...CODE_TOOLS,
];

/** Tools that read a file or list a folder. */
export const READ_TOOLS = [
  'Read',
  'Grep',
  'Glob',
  'NotebookRead',
  'LS',
  'view',
  'mcp__*__read_file',
  'mcp__*__read_text_file',
  'mcp__*__read_media_file',
  'mcp__*__read_multiple_files',
  'mcp__*__get_file*',
  'mcp__*__view_file',
  'mcp__*__open_file',
  'mcp__*__list_dir*',
  'mcp__*__list_directory*',
  'mcp__*__search_files',
];

/** Tools that write, edit, move or delete a file. */
export const WRITE_TOOLS = [
  'Write',
  'Edit',
  'MultiEdit',
  'NotebookEdit',
  'create_file',
  'str_replace_based_edit_tool',
  'mcp__*__write_file',
  'mcp__*__edit_file',
  'mcp__*__create_file',
  'mcp__*__append_file',
  'mcp__*__move_file',
  'mcp__*__rename_file',
  'mcp__*__delete_file',
  'mcp__*__remove_file',
  'mcp__*__create_directory',
];

/** Tools whose arguments may leave the machine: shell, web, and every MCP tool (fetch, messaging). */
export const OUTBOUND_TOOLS = [...SHELL_TOOLS, 'WebFetch', 'WebSearch', 'mcp__*'];

/** Where file tools name their target (built-in and MCP filesystem servers). */
export const PATH_FIELDS = [
  'args.file_path',
  'args.path',
  'args.paths',
  'args.notebook_path',
  'args.pattern',
  'args.source',
  'args.destination',
];

/** Database tools of MCP servers, whose SQL arguments the `sql` detector reads. */
export const DATABASE_TOOLS = [
  'mcp__*postgres*__*',
  'mcp__*mysql*__*',
  'mcp__*sqlite*__*',
  'mcp__*sql*__*',
  'mcp__*db*__*',
  'mcp__*database*__*',
  'mcp__supabase__*',
  'mcp__neon__*',
  'mcp__*__*sql*',
  'mcp__*__query',
  'mcp__*__run_query',
  'mcp__*__execute_query',
];

/** Tools that fetch a URL for the agent: the host policy covers them as it covers the shell. */
export const FETCH_TOOLS = [
  'WebFetch',
  'mcp__*fetch*__*',
  'mcp__*__fetch*',
  'mcp__*http*__*',
  'mcp__*__http_*',
  // an HTTP request tool (`request`, `send_request`, `api_request`); a code host's pull or merge
  // request (`create_pull_request`) is no fetch, its body is the request's text
  'mcp__*__request*',
  'mcp__*__send_request*',
  'mcp__*__make_request*',
  'mcp__*__api_request*',
  'mcp__*__http_request*',
  'mcp__*__web_request*',
  'mcp__*browser*__*navigate*',
  'mcp__*playwright*__*navigate*',
  'mcp__*puppeteer*__*navigate*',
];
