/**
 * The MCP server over the console's HTTP API: each tool of MCP_TOOLS becomes one call of its route with
 * the caller's token, and the route's answer (or refusal) becomes the tool's result. Served over
 * Streamable HTTP by mcp-http.ts and over stdio by mcp-stdio.ts.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { API_PREFIX, MCP_MESSAGES, MCP_SERVER_NAME } from '@console/contracts';
import { MCP_TOOLS, type ConsoleCall } from './mcp-tools';

/** What one call of the console's API answered. */
export interface ConsoleAnswer {
  status: number;
  body: unknown;
  /** A 429's Retry-After. */
  retryAfter?: string | null;
}

export type ConsoleApi = (call: ConsoleCall) => Promise<ConsoleAnswer>;

/** A call of the console takes at most this long (an engine command answers 202 at once). */
const CALL_TIMEOUT_MS = 30_000;

/** The API's version, as its OpenAPI document names it. */
const SERVER_VERSION = '2';

const INSTRUCTIONS =
  'Tools of a trading console: read its accounts, positions, signals, orders, statistics, risk triggers, notifications and logs, ' +
  'and stop or start a strategy profile, close a position, cancel an order or turn the bot off. Each tool answers what the API token may see ' +
  '(fields a Limited group does not see are left out) and refuses what it may not do.';

/** Calls the console at `origin` (its public URL, or the API's own server) as the holder of `token`. */
export function consoleOverHttp(origin: string, token: string, userAgent: string): ConsoleApi {
  const base = origin.replace(/\/+$/, '');
  return async ({ method, path, query, body }) => {
    const url = new URL(`${base}${API_PREFIX}${path}`);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json', 'user-agent': userAgent };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
    const text = await res.text();
    return { status: res.status, body: parsed(text), retryAfter: res.headers.get('retry-after') };
  };
}

function parsed(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A new server with every tool bound to `api` (one per HTTP request, or one for a stdio process). */
export function buildMcpServer(api: ConsoleApi, describeFailure: (error: unknown) => string): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version: SERVER_VERSION }, { instructions: INSTRUCTIONS });
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        annotations: { readOnlyHint: tool.kind === 'read', destructiveHint: tool.kind === 'act', idempotentHint: tool.kind === 'read', openWorldHint: false },
      },
      async (args: Record<string, unknown>) => {
        try {
          return toolResult(await api(tool.call(args)));
        } catch (error) {
          return failure(describeFailure(error));
        }
      },
    );
  }
  return server;
}

/** 2xx: the API's answer as JSON text; 403: the right is missing; anything else: the API's status and body. */
export function toolResult({ status, body }: ConsoleAnswer): CallToolResult {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  if (status >= 200 && status < 300) return { content: [{ type: 'text', text }] };
  if (status === 403) return failure(MCP_MESSAGES.rightMissing(detailOf(body)));
  if (status === 401) return failure(MCP_MESSAGES.tokenNotValid(detailOf(body)));
  return failure(MCP_MESSAGES.answered(status, text));
}

function detailOf(body: unknown): string {
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') return body.detail;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

function failure(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}
