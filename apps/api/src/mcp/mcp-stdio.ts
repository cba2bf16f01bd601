/**
 * `node apps/api/dist/cli.js mcp`: the MCP server over stdio, for clients that start it as a process. It
 * calls the console at CONSOLE_URL with CONSOLE_API_TOKEN, as the Streamable HTTP server calls its own.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { API_PATHS, MCP_ENV, MCP_MESSAGES, MCP_SERVER_NAME } from '@console/contracts';
import { buildMcpServer, consoleOverHttp, toolResult } from './mcp-server';

export async function serveMcpOverStdio(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const token = env[MCP_ENV.token];
  if (!token) throw new Error(MCP_MESSAGES.envMissing(MCP_ENV.token, MCP_MESSAGES.tokenEnv));
  const url = env[MCP_ENV.url];
  if (!url) throw new Error(MCP_MESSAGES.envMissing(MCP_ENV.url, MCP_MESSAGES.urlEnv));
  const unreachable = (error: unknown) => MCP_MESSAGES.unreachable(url, error instanceof Error ? error.message : String(error));
  const api = consoleOverHttp(url, token, `${MCP_SERVER_NAME} stdio`);
  // A wrong token or address stops the process with the reason, before a client lists tools it cannot call.
  const who = await api({ method: 'GET', path: API_PATHS.currentUser }).catch((error: unknown) => {
    throw new Error(unreachable(error));
  });
  if (who.status !== 200) {
    const [text] = toolResult(who).content;
    throw new Error(text.type === 'text' ? text.text : String(who.status));
  }
  // stdout carries the protocol: nothing else may be written there.
  await buildMcpServer(api, unreachable).connect(new StdioServerTransport());
}
