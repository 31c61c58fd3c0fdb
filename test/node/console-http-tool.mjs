// Test fixture: an MCP server over stdio whose one tool really sends an HTTP POST (form body) and
// answers with the status and Location it got: an agent's own tool call aimed at the console.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'http-tool', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    {
      name: 'post',
      description: 'POST a form to a URL',
      inputSchema: {
        type: 'object',
        properties: {
          url: { type: 'string' },
          form: { type: 'string' },
          cookie: { type: 'string' },
        },
        required: ['url'],
      },
    },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  const a = req.params.arguments ?? {};
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  if (typeof a.cookie === 'string') headers.cookie = a.cookie;
  const r = await fetch(String(a.url), {
    method: 'POST',
    redirect: 'manual',
    headers,
    body: typeof a.form === 'string' ? a.form : '',
  });
  await r.arrayBuffer();
  return {
    content: [
      { type: 'text', text: `status ${r.status} location ${r.headers.get('location') ?? '-'}` },
    ],
  };
});
await server.connect(new StdioServerTransport());
