/**
 * Streamable HTTP at MCP_PATH on the API's own server, stateless: each POST gets a new server whose
 * tools call this same server's API routes (over loopback) with the request's API token. Only API
 * tokens open it: a token that the API refuses (unknown, revoked, expired, its user deactivated, over
 * its rate limit) gets the API's own answer here.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, NextFunction, Request, Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { API_PATHS, ERROR_CODES, isApiTokenText, MCP_MESSAGES, MCP_PATH, MCP_SERVER_NAME } from '@console/contracts';
import { bearerToken } from '../access/access.guard';
import { buildMcpServer, consoleOverHttp, type ConsoleApi } from './mcp-server';

/** A route of the Express app (not middleware), so the request metrics name it by its path. */
export function serveMcp(app: NestExpressApplication): void {
  const http = app.getHttpAdapter().getInstance() as Express;
  http.all(MCP_PATH, (req: Request, res: Response, next: NextFunction) => {
    answerMcp(req, res).catch(next);
  });
}

async function answerMcp(req: Request, res: Response): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  const token = bearerToken(req);
  if (!token || !isApiTokenText(token)) {
    res.status(401).setHeader('WWW-Authenticate', 'Bearer');
    res.json({ detail: MCP_MESSAGES.apiTokenRequired, code: ERROR_CODES.tokenNotValid });
    return;
  }
  const origin = loopbackOrigin(req);
  const api = consoleOverHttp(origin, token, `${MCP_SERVER_NAME} (${req.get('user-agent') ?? ''})`);
  if (!(await tokenAccepted(api, res))) return;
  if (req.method !== 'POST') {
    res.status(405).setHeader('Allow', 'POST');
    res.json({ jsonrpc: '2.0', error: { code: -32000, message: MCP_MESSAGES.methodNotAllowed }, id: null });
    return;
  }
  const server = buildMcpServer(api, (error) => MCP_MESSAGES.unreachable(origin, error instanceof Error ? error.message : String(error)));
  // JSON answers, not SSE: every tool is one API call, and plain JSON passes any proxy unbuffered.
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
}

/** Whether the API takes the token (users/current-user/ is open to every live token); else its answer is sent. */
async function tokenAccepted(api: ConsoleApi, res: Response): Promise<boolean> {
  const answer = await api({ method: 'GET', path: API_PATHS.currentUser });
  if (answer.status === 200) return true;
  if (answer.status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
  if (answer.retryAfter) res.setHeader('Retry-After', answer.retryAfter);
  res.status(answer.status).json(answer.body);
  return false;
}

/** This server, as the request reached it: the same process or, in a cluster, any worker on the shared port. */
function loopbackOrigin(req: Request): string {
  const { localAddress, localPort } = req.socket;
  const host = localAddress?.includes(':') ? `[${localAddress}]` : (localAddress ?? '127.0.0.1');
  return `http://${host}:${localPort}`;
}
