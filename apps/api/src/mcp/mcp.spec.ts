/**
 * The MCP server through the SDK's own client: over Streamable HTTP against a listening test app, and
 * over stdio through the built CLI. Tools answer what the token may see and refuse what it may not do,
 * because each one is a call of the API's own route.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIONS, API_TOKEN_LIMITS, API_TOKEN_MESSAGES, API_TOKEN_PREFIX, ERROR_CODES, MCP_ENV, MCP_MESSAGES, MCP_PATH, OWN_MESSAGES, permsAll, SECTIONS, type ApiTokenPerm, type Level, type Perm, type SectionName,
} from '@console/contracts';
import { auth, makeUser, sessionFor, type TestUser } from '../test/factories';
import { createTestApp, type TestContext } from '../test/harness';
import { makeOrder } from '../test/trading-fixtures';
import { MCP_TOOLS } from './mcp-tools';

const TOKENS = '/api/v2/users/tokens/';
const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();
const only = (levels: Partial<Record<SectionName, Level>>): Partial<Perm>[] => permsAll('NP').map((p) => ({ ...p, status: levels[p.section_name] ?? 'NP' }));

/** The text a tool answered, and its JSON when it succeeded. */
function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const [first] = (result as CallToolResult).content;
  return first.type === 'text' ? first.text : '';
}

describe('the MCP server', () => {
  let ctx: TestContext;
  let origin: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(ctx.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await ctx.close();
  });

  async function userWith(levels: Partial<Record<SectionName, Level>>): Promise<TestUser & { session: string }> {
    const user = await makeUser(ctx.db, { perms: only(levels) });
    return { ...user, session: (await sessionFor(ctx, user.id)).access };
  }
  async function tokenOf(owner: { session: string }, perms?: ApiTokenPerm[], name = 'assistant'): Promise<{ id: number; token: string }> {
    return (await ctx.http().post(TOKENS).set(...auth(owner.session)).send({ name, expires_at: inDays(30), perms }).expect(201)).body;
  }
  async function connect(token?: string): Promise<Client> {
    const client = new Client({ name: 'mcp-spec', version: '1' });
    const headers = token ? { Authorization: `Bearer ${token}` } : undefined;
    await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}${MCP_PATH}`), { requestInit: { headers } }));
    clients.push(client);
    return client;
  }

  it('declares its list tools with only the filters and orderings their list declares', () => {
    const paging = ['page', 'page_size'];
    for (const tool of MCP_TOOLS.filter((t) => t.list)) {
      const declared = [...Object.keys(tool.list!.filters ?? {}), ...(Object.keys(tool.list!.orderings ?? {}).length ? ['ordering'] : []), ...paging];
      expect({ tool: tool.name, undeclared: Object.keys(tool.input).filter((key) => !declared.includes(key)) }).toEqual({ tool: tool.name, undeclared: [] });
    }
  });

  it('lists every tool of the table, reads marked read-only and acts destructive', async () => {
    const owner = await userWith({ signals: 'ReadOnly' });
    const client = await connect((await tokenOf(owner)).token);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(MCP_TOOLS.map((t) => t.name).sort());
    for (const declared of MCP_TOOLS) {
      const listed = tools.find((t) => t.name === declared.name)!;
      expect({ name: listed.name, readOnly: listed.annotations?.readOnlyHint, destructive: listed.annotations?.destructiveHint }).toEqual({
        name: declared.name, readOnly: declared.kind === 'read', destructive: declared.kind === 'act',
      });
    }
    const signals = tools.find((t) => t.name === 'signals')!;
    expect(Object.keys(signals.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['profile', 'status', 'pair', 'created_at_after', 'show_missed']));
  });

  it('answers a read tool with the fields the token sees: a Limited group\'s columns only, and its filters refused', async () => {
    const order = await makeOrder(ctx.db);
    const limited = await userWith({ orders: 'Limited' });
    await ctx.db.query(`UPDATE groups SET perms = jsonb_set(perms, '{${SECTIONS.indexOf('orders')},fields}', '["pair", "price"]') WHERE id = $1`, [limited.groupId]);
    const full = await userWith({ orders: 'Full' });

    const limitedClient = await connect((await tokenOf(limited, [{ section_name: 'orders', status: 'Limited' }])).token);
    const seen = await limitedClient.callTool({ name: 'orders', arguments: {} });
    expect(seen.isError).toBeFalsy();
    const row = JSON.parse(textOf(seen)).results.find((r: { id: string }) => r.id === order.orderId);
    expect(Object.keys(row).sort()).toEqual(['id', 'pair', 'price']);

    const fullClient = await connect((await tokenOf(full, [{ section_name: 'orders', status: 'Full' }])).token);
    const fullRow = JSON.parse(textOf(await fullClient.callTool({ name: 'orders', arguments: {} }))).results.find((r: { id: string }) => r.id === order.orderId);
    expect(fullRow).toMatchObject({ id: order.orderId, status: 'PLACED', quantity: expect.anything() });

    // The group does not see the status column, so may not filter by it: the list's own refusal, as a tool error.
    const filtered = await limitedClient.callTool({ name: 'orders', arguments: { status: 'PLACED' } });
    expect(filtered.isError).toBe(true);
    expect(textOf(filtered)).toBe(MCP_MESSAGES.rightMissing(OWN_MESSAGES.fieldNotAllowed));
    // A section the token does not hold.
    const none = await limitedClient.callTool({ name: 'positions', arguments: {} });
    expect(none.isError).toBe(true);
    expect(textOf(none)).toContain(MCP_MESSAGES.rightMissing(''));
  });

  it('answers the backtest tools with what the token sees: the list and one run\'s figures', async () => {
    const order = await makeOrder(ctx.db);
    const [run] = await ctx.db.query(
      `INSERT INTO backtests (profile_id, profile_title, pairs, market, seed, date_from, date_until, deposit, settings, one_signal_quota, max_signals_amount,
                              status, progress, figures, started_at, finished_at, duration_ms)
       VALUES ($1, 'MCP fixture', '[]', 'model', 1, '2024-03-01', '2024-03-02', 10000, '{}', 1000, 5, 'SUCCESS', 100, '{"trade_count": 3, "total_return_percent": 1.5}', now(), now(), 5)
       RETURNING id::text`,
      [order.profileId],
    );
    const full = await userWith({ backtests: 'ReadOnly' });
    const fullClient = await connect((await tokenOf(full, [{ section_name: 'backtests', status: 'ReadOnly' }])).token);
    const list = JSON.parse(textOf(await fullClient.callTool({ name: 'backtests', arguments: { status: 'SUCCESS' } })));
    expect(list.results.find((r: { id: string }) => r.id === run.id)).toMatchObject({ profile: 'MCP fixture', total_return_percent: 1.5, trade_count: 3 });
    const one = JSON.parse(textOf(await fullClient.callTool({ name: 'backtest_results', arguments: { backtest_id: run.id } })));
    expect(one).toMatchObject({ id: run.id, figures: { trade_count: 3, total_return_percent: 1.5 }, inputs: { market: 'model', seed: 1 } });

    const limited = await userWith({ backtests: 'Limited' });
    await ctx.db.query(`UPDATE groups SET perms = jsonb_set(perms, '{${SECTIONS.indexOf('backtests')},fields}', '["profile"]') WHERE id = $1`, [limited.groupId]);
    const limitedClient = await connect((await tokenOf(limited, [{ section_name: 'backtests', status: 'Limited' }])).token);
    const seen = JSON.parse(textOf(await limitedClient.callTool({ name: 'backtest_results', arguments: { backtest_id: run.id } })));
    expect(Object.keys(seen).sort()).toEqual(['id', 'profile']);
    // A token without the section gets nothing of it.
    const other = await userWith({ signals: 'ReadOnly' });
    const none = await (await connect((await tokenOf(other)).token)).callTool({ name: 'backtests', arguments: {} });
    expect(none.isError).toBe(true);
  });

  it('refuses an act tool without the right, does it with the right, and audits it with the token\'s name', async () => {
    const { profileId, orderId } = await makeOrder(ctx.db);
    const owner = await userWith({ profiles: 'Full', orders: 'Full' });
    const reader = await connect((await tokenOf(owner, [{ section_name: 'profiles', status: 'ReadOnly' }, { section_name: 'orders', status: 'ReadOnly' }])).token);
    const refused = await reader.callTool({ name: 'stop_profile', arguments: { profile_id: profileId } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain(MCP_MESSAGES.rightMissing(''));
    const cancel = await reader.callTool({ name: 'cancel_order', arguments: { order_id: orderId } });
    expect(textOf(cancel)).toBe(MCP_MESSAGES.rightMissing(OWN_MESSAGES.actionNotAllowed(ACTIONS.cancelOrder.label)));
    const [unchanged] = await ctx.db.query(`SELECT status FROM strategy_profiles WHERE id = $1`, [profileId]);
    expect(unchanged.status).toBe('active');

    const { id, token } = await tokenOf(owner, [{ section_name: 'profiles', status: 'Full' }], 'weekend assistant');
    const writer = await connect(token);
    const stopped = await writer.callTool({ name: 'stop_profile', arguments: { profile_id: profileId } });
    expect(stopped.isError).toBeFalsy();
    expect(JSON.parse(textOf(stopped))).toMatchObject({ id: profileId, status: 'stopping' });
    const audited: { n: number }[] = await ctx.db.query(
      `SELECT count(*)::int AS n FROM logs WHERE user_id = $1 AND log_data->'credential' = $2::jsonb`,
      [owner.id, JSON.stringify({ kind: 'api_token', id, name: 'weekend assistant' })],
    );
    expect(audited[0].n).toBeGreaterThan(0);
  });

  it('turns the bot off as an engine command the engine_command tool then follows; an id that is not one is refused before any call', async () => {
    // As the engine last confirmed it: on (a test app starts with the bot off).
    await ctx.db.query(`UPDATE bot_status SET status = 'enabled'`);
    const operator = await userWith({ bot_status: 'Full' });
    const client = await connect((await tokenOf(operator, [{ section_name: 'bot_status', status: 'Full' }])).token);
    const off = await client.callTool({ name: 'bot_off', arguments: {} });
    expect(off.isError).toBeFalsy();
    const { command_id, action_state } = JSON.parse(textOf(off));
    expect(action_state).toBe('CHANGING');
    expect(command_id).toMatch(/^\d+$/);
    const command = await client.callTool({ name: 'engine_command', arguments: { command_id } });
    expect(JSON.parse(textOf(command))).toMatchObject({ id: command_id });
    // A path in the id would reach another route (here the bot's status, which this token may read).
    const smuggled = await client.callTool({ name: 'engine_command', arguments: { command_id: '1/../../../system-status' } });
    expect(smuggled.isError).toBe(true);
    expect(textOf(smuggled)).not.toContain('action_state');
  });

  it('refuses no token, a session\'s access token, an unknown token and a revoked one with 401', async () => {
    const post = (authorization?: string) => {
      const req = ctx.http().post(MCP_PATH).set('Accept', 'application/json, text/event-stream').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      return authorization ? req.set('Authorization', authorization) : req;
    };
    const owner = await userWith({ signals: 'ReadOnly' });
    expect((await post().expect(401)).body).toMatchObject({ detail: MCP_MESSAGES.apiTokenRequired });
    expect((await post(`Bearer ${owner.session}`).expect(401)).body).toMatchObject({ detail: MCP_MESSAGES.apiTokenRequired });
    await post(`Bearer ${API_TOKEN_PREFIX}${'A'.repeat(43)}`).expect(401);
    await expect(connect()).rejects.toMatchObject({ code: 401 });

    const { id, token } = await tokenOf(owner);
    const client = await connect(token);
    expect((await client.callTool({ name: 'signals', arguments: {} })).isError).toBeFalsy();
    await ctx.http().delete(`${TOKENS}${id}/`).set(...auth(owner.session)).expect(204);
    await expect(client.callTool({ name: 'signals', arguments: {} })).rejects.toMatchObject({ code: 401 });
    await expect(connect(token)).rejects.toMatchObject({ code: 401 });
    // GET (no stream in a stateless server) is 405 for a good token.
    const other = await tokenOf(owner);
    await ctx.http().get(MCP_PATH).set('Authorization', `Bearer ${other.token}`).expect(405);
  });

  it(`answers the API's 429 with its Retry-After once the token is past its ${API_TOKEN_LIMITS.requests.max} requests a minute`, async () => {
    const owner = await userWith({ signals: 'ReadOnly' });
    const { token } = await tokenOf(owner);
    for (let i = 0; i < API_TOKEN_LIMITS.requests.max; i++) await ctx.http().get('/api/v2/users/current-user/').set(...auth(token)).expect(200);
    const refused = await ctx.http().post(MCP_PATH).set('Authorization', `Bearer ${token}`).set('Accept', 'application/json, text/event-stream')
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/list' }).expect(429);
    expect(refused.body).toEqual({ detail: API_TOKEN_MESSAGES.tooManyRequests, code: ERROR_CODES.throttled });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('serves stdio through the built CLI with the token and the console\'s URL in the environment', async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build the API first (pnpm run build)`);
    const owner = await userWith({ signals: 'ReadOnly', profiles: 'Full' });
    const { profileId } = await makeOrder(ctx.db);
    const { token } = await tokenOf(owner, [{ section_name: 'signals', status: 'ReadOnly' }, { section_name: 'profiles', status: 'ReadOnly' }]);
    const client = new Client({ name: 'mcp-spec-stdio', version: '1' });
    await client.connect(new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp'],
      env: { PATH: process.env.PATH ?? '', [MCP_ENV.url]: origin, [MCP_ENV.token]: token },
      stderr: 'pipe',
    }));
    clients.push(client);
    expect((await client.listTools()).tools).toHaveLength(MCP_TOOLS.length);
    const signals = await client.callTool({ name: 'signals', arguments: { show_missed: true } });
    expect(signals.isError).toBeFalsy();
    expect(JSON.parse(textOf(signals))).toHaveProperty('results');
    const refused = await client.callTool({ name: 'start_profile', arguments: { profile_id: profileId } });
    expect(textOf(refused)).toContain(MCP_MESSAGES.rightMissing(''));

    // A revoked or unknown token stops the process at its start, with the reason.
    const failing = new Client({ name: 'mcp-spec-stdio', version: '1' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp'],
      env: { PATH: process.env.PATH ?? '', [MCP_ENV.url]: origin, [MCP_ENV.token]: `${API_TOKEN_PREFIX}${'B'.repeat(43)}` },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await expect(failing.connect(transport)).rejects.toThrow();
    expect(stderr).toContain(MCP_MESSAGES.tokenNotValid(''));
  });
});
