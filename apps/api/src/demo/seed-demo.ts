/**
 * Demo data for a first look at the console: groups that show the privilege levels at work, their
 * users, a synced pair list with some pairs on, an exchange account, notifications, trading data on
 * that account (the generator at DEMO_TRADING_SIZES: every trading table has rows) and a few weeks of
 * logs. Runs once: a database that already has the demo groups is left as it is, and trading data is
 * added only to a database without any.
 */
import { DataSource } from 'typeorm';
import { ALLOWED_LEVELS, normalizePerm, SECTIONS, type Level, type Perm, type SectionName } from '@console/contracts';
import { hashPassword } from '../auth/passwords';
import { encryptSecret } from '../common/crypto/secrets';
import { GroupsRepository } from '../privileges/groups/groups.repository';
import { PairsRepository } from '../pairs/pairs.repository';
import { SIMULATED_USDT_PERPETUALS } from '../pairs/simulated-exchange.instruments';
import { UsersRepository } from '../privileges/users/users.repository';
import { DEMO_TRADING_SIZES, generateTradingData, TradingDataPresentError, type TradingDataSizes, type TradingDataSummary } from './trading-data';

export const DEMO_PASSWORD = 'Demo!pass1';
const ACTIVE_PAIRS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'XRPUSDT', 'DOGEUSDT', 'ADAUSDT', 'AVAXUSDT', 'LINKUSDT', 'LTCUSDT'];

/** Each section at `level` where the section allows it, else NP; `overrides` set single sections. */
function permsAt(level: Level, overrides: Partial<Record<SectionName, Partial<Perm> & { status: Level }>> = {}): Perm[] {
  return SECTIONS.map((section) => {
    const override = overrides[section];
    const status = override?.status ?? (ALLOWED_LEVELS[section].includes(level) ? level : 'NP');
    return normalizePerm({ ...override, section_name: section, status });
  });
}

const GROUPS: { name: string; perms: Perm[]; users: string[] }[] = [
  { name: 'Operators', perms: permsAt('Full', { groups: { status: 'NP' }, users: { status: 'NP' } }), users: ['operator@demo.local'] },
  { name: 'Auditors', perms: permsAt('ReadOnly', { logs: { status: 'Full' }, notifications: { status: 'Full' } }), users: ['auditor@demo.local'] },
  {
    name: 'Log readers',
    perms: permsAt('NP', { logs: { status: 'Limited', fields: ['created_at', 'type', 'event_type', 'pair_name', 'log_data'], filtering: false } }),
    users: ['reader@demo.local'],
  },
];

interface DemoSummary {
  seeded: boolean;
  users: string[];
  logs: number;
  /** Rows the trading data generator wrote; null when the database already had trading data. */
  trading: TradingDataSummary['rows'] | null;
}

export async function seedDemo(
  dataSource: DataSource,
  encryptionKey: Buffer,
  { logRows = 20_000, trading = DEMO_TRADING_SIZES }: { logRows?: number; trading?: TradingDataSizes } = {},
): Promise<DemoSummary> {
  const users = GROUPS.flatMap((g) => g.users);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return dataSource.transaction(async (m) => {
    const groupsRepository = new GroupsRepository();
    const usersRepository = new UsersRepository();
    if (await groupsRepository.nameTaken(m, GROUPS[0].name)) return { seeded: false, users, logs: 0, trading: null };

    for (const group of GROUPS) {
      const groupId = await groupsRepository.insert(m, { name: group.name, perms: group.perms });
      for (const email of group.users) await usersRepository.insertIfAbsent(m, { email, passwordHash, groupId });
    }

    await new PairsRepository().seed(m, SIMULATED_USDT_PERPETUALS, ACTIVE_PAIRS);

    await m.query(`INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage, broker_id) VALUES ($1, $2, $3, $4, $5)`, [
      'Demo paper account',
      'demo-key-0000',
      encryptSecret('demo-secret-not-a-real-key', encryptionKey),
      10,
      null,
    ]);

    // Historical notifications: no Telegram outbox rows, so nothing is sent for them.
    await m.query(
      `INSERT INTO notifications (title, text_body, created_at)
       SELECT (ARRAY['Position closed', 'Risk trigger fired', 'New trading pairs: 3', 'Order rejected by exchange', 'Daily summary'])[1 + n % 5],
              'Demo event #' || n || ' on ' || (ARRAY['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT'])[1 + n % 4] || '.',
              now() - (n * interval '7 hours')
         FROM generate_series(1, 40) AS n`,
    );

    // Profiles, signals with their orders and positions, metrics, triggers and the logs of each signal.
    const generated = await generateTradingData(m, trading).catch((error: unknown) => {
      if (error instanceof TradingDataPresentError) return null;
      throw error;
    });

    // A few weeks of engine logs over the active pairs and the trading profiles, beside the signals' own;
    // the trigger on logs fills the profile options.
    const profiles: { id: number; title: string }[] = await m.query(`SELECT id, title FROM strategy_profiles WHERE status <> 'draft' ORDER BY id`);
    await m.query(
      `INSERT INTO logs (created_at, type, event_type, pair_id, pair_name, profile_id, profile_title, log_data)
       SELECT now() - ((n::float / $1) * interval '21 days'),
              t.type, t.event, p.id, p.ticker, pr.id, pr.title,
              jsonb_build_object('message', t.event || ' (demo)', 'n', n)
         FROM generate_series(1, $1) AS n
         CROSS JOIN LATERAL (SELECT (ARRAY['general', 'general', 'system', 'error', 'restrictions', 'divergence'])[1 + n % 6] AS type,
                                    (ARRAY['signal_received', 'order_placed', 'engine_heartbeat', 'order_rejected', 'limit_reached', 'price_divergence'])[1 + n % 6] AS event) t
         JOIN LATERAL (SELECT id, ticker FROM pairs WHERE ticker = ($2::text[])[1 + n % array_length($2::text[], 1)]) p ON true
         LEFT JOIN LATERAL (SELECT (($3::jsonb)->(n % jsonb_array_length($3::jsonb))->>'id')::int AS id,
                                   ($3::jsonb)->(n % jsonb_array_length($3::jsonb))->>'title' AS title WHERE jsonb_array_length($3::jsonb) > 0) pr ON true`,
      [logRows, ACTIVE_PAIRS, JSON.stringify(profiles)],
    );
    return { seeded: true, users, logs: logRows, trading: generated?.rows ?? null };
  });
}
