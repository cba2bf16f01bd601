import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX, DAILY_REPORT, formatMoney, permsAll, type MonthsStats } from '@console/contracts';
import { startHttpReceiver, type HttpReceiver } from '../test/alert-receivers';
import { waitUntil } from '../test/fake-telegram';
import { auth, makeUser, sessionFor } from '../test/factories';
import { createTestApp, type TestContext } from '../test/harness';
import { makeSignal, makeSignalWorld } from '../test/signal-fixtures';
import { startWorker } from '../test/worker';

const CHANNELS = `${API_PREFIX}${API_PATHS.alertChannels}`;

let ctx: TestContext;
let hooks: HttpReceiver;
let worker: INestApplicationContext | undefined;

beforeAll(async () => {
  hooks = await startHttpReceiver();
  // Hour 0: due at once, whatever the time the test runs.
  ctx = await createTestApp({ DAILY_REPORT_HOUR_UTC: '0', ALERT_SWEEP_MS: '300', ALERT_PRIVATE_TARGETS: 'allow', ALERT_RETRY_DELAY_MS: '20', ALERT_REQUEUE_AFTER_MS: '500' });
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await ctx?.close();
  await hooks?.close();
});

describe('the daily report', () => {
  it('the worker writes the previous UTC day once, with its By Months figures, to each user who chose it; a restart writes nothing more', async () => {
    const world = await makeSignalWorld(ctx.db);
    // A result of yesterday (UTC), the reported day.
    const signalId = await makeSignal(ctx.db, world, { status: 'finished', state: 'finished', ageMinutes: 60 });
    await ctx.db.query(`UPDATE signals SET created_at = date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '2 hours',
                         finished_at = date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 hour' WHERE id = $1`, [signalId]);
    const chooser = await makeUser(ctx.db, { perms: permsAll('Full') });
    const token = (await sessionFor(ctx, chooser.id)).access;
    await ctx.http().put(CHANNELS).set(...auth(token)).send({ webhook_url: `${hooks.url}/daily`, choices: { daily_report: ['webhook'] } }).expect(200);
    // Another user who chose nothing gets nothing.
    await makeUser(ctx.db, { perms: permsAll('Full') });

    worker = await startWorker(ctx);
    await hooks.waitFor((posts) => posts.length > 0, 20_000);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const months = (await ctx.http().get(`${API_PREFIX}${API_PATHS.statisticsAdmin}`).set(...auth(token)).expect(200)).body as MonthsStats;
    const [account] = await ctx.db.query(`SELECT title FROM exchange_accounts WHERE id = $1`, [world.accountId]);
    const body = JSON.parse(hooks.received[0].body);
    expect(body).toMatchObject({ kind: 'daily_report', title: DAILY_REPORT.title });
    expect(body.text).toBe(DAILY_REPORT.text(account.title, yesterday, `Res-$: ${formatMoney(12.35, 2)} · PF: - · W%: 100.00% · Q-sign: 1`));
    expect(months.exchange_account?.id).toBe(world.accountId);

    await worker.close();
    worker = await startWorker(ctx);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(hooks.received).toHaveLength(1);
    expect(await ctx.db.query(`SELECT day::text FROM daily_reports`)).toEqual([{ day: yesterday }]);
    expect(await ctx.db.query(`SELECT count(*)::int AS n FROM notifications WHERE kind = 'daily_report'`)).toEqual([{ n: 1 }]);
    await waitUntil(async () => (await ctx.db.query(`SELECT status FROM alert_deliveries WHERE user_id = $1`, [chooser.id]))[0]?.status === 'sent');
    expect(await ctx.db.query(`SELECT count(*)::int AS n FROM alert_deliveries`)).toEqual([{ n: 1 }]);
  }, 60_000);
});
