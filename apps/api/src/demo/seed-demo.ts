/**
 * Demo data for a first look at the console: groups that show the privilege levels at work, their
 * users, a synced pair list with some pairs on, an exchange account, and the trading
 * configuration a paper engine needs on that account (trading-config.ts). The trading rows, metrics
 * and logs come from the engine itself: `npm start -- --demo` runs it over the last months in history
 * mode before it goes live. Runs once: a database that already has the demo groups is left as it is,
 * and the trading configuration is added only to a database without any.
 */
import { DataSource } from 'typeorm';
import { ALLOWED_LEVELS, MODEL_MARKET_TICKERS, normalizePerm, SECTIONS, type Level, type Perm, type SectionName } from '@console/contracts';
import { hashPassword } from '../auth/passwords';
import { encryptSecret } from '../common/crypto/secrets';
import { GroupsRepository } from '../privileges/groups/groups.repository';
import { PairsRepository } from '../pairs/pairs.repository';
import { UsersRepository } from '../privileges/users/users.repository';
import { seedTradingConfig } from './trading-config';

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
  /** Rows of the trading configuration per table; null when the database already had one. */
  trading: Record<string, number> | null;
}

export async function seedDemo(dataSource: DataSource, encryptionKey: Buffer): Promise<DemoSummary> {
  const users = GROUPS.flatMap((g) => g.users);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return dataSource.transaction(async (m) => {
    const groupsRepository = new GroupsRepository();
    const usersRepository = new UsersRepository();
    if (await groupsRepository.nameTaken(m, GROUPS[0].name)) return { seeded: false, users, trading: null };

    for (const group of GROUPS) {
      const groupId = await groupsRepository.insert(m, { name: group.name, perms: group.perms });
      for (const email of group.users) await usersRepository.insertIfAbsent(m, { email, passwordHash, groupId });
    }

    await new PairsRepository().seed(m, MODEL_MARKET_TICKERS, ACTIVE_PAIRS);

    const [account]: { id: number }[] = await m.query(
      `INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage, broker_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      ['Demo paper account', 'demo-key-0000', encryptSecret('demo-secret-not-a-real-key', encryptionKey), 10, null],
    );

    // The trading configuration, unless the database has one already (trading data loaded before).
    const [{ configured }]: { configured: boolean }[] = await m.query(
      `SELECT EXISTS (SELECT 1 FROM strategy_profiles) OR EXISTS (SELECT 1 FROM signals) OR EXISTS (SELECT 1 FROM mm_profiles) AS configured`,
    );
    const [admin]: { id: number }[] = await m.query(`SELECT min(id) AS id FROM users`);
    const trading = configured ? null : await seedTradingConfig(m, account.id, admin?.id ?? null);
    return { seeded: true, users, trading };
  });
}
