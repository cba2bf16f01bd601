/**
 * The console's MCP server (Model Context Protocol): where it is served, what the stdio command reads
 * from the environment, and the texts its tools answer with when the API refuses. Its tools call the
 * API's own routes with the caller's token (docs/decisions/mcp.md).
 */

/** Streamable HTTP, on the API's own server, outside API_PREFIX (it is not a REST route). */
export const MCP_PATH = '/mcp';

/** `node apps/api/dist/cli.js mcp` (stdio): the token and the console it calls. */
export const MCP_ENV = { token: 'CONSOLE_API_TOKEN', url: 'CONSOLE_URL' } as const;

export const MCP_SERVER_NAME = 'trading-console';

export const MCP_MESSAGES = {
  /** Only personal API tokens open the MCP server: a session's access token is the browser's. */
  apiTokenRequired: 'The MCP server takes a personal API token (tc_…) as a Bearer credential.',
  methodNotAllowed: 'The MCP server is stateless: POST each JSON-RPC message to it.',
  rightMissing: (detail: string) => `Refused: this API token (or its user's group) lacks the right for this. ${detail}`,
  tokenNotValid: (detail: string) => `The API token is not valid (revoked, expired or its user deactivated). ${detail}`,
  answered: (status: number, body: string) => `The console answered ${status}: ${body}`,
  unreachable: (url: string, reason: string) => `The console at ${url} could not be reached: ${reason}`,
  envMissing: (name: string, what: string) => `${name} is missing: set it to ${what}`,
  tokenEnv: 'a personal API token (tc_…) made on Account details',
  urlEnv: 'the console’s address, e.g. https://console.example.com',
} as const;
