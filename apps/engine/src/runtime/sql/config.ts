/** What the engine reads each time it refreshes: profiles with their MM profile and pairs, and the bot's status. */
import { moneyPutInSql, type ExchangeMarket, type MmProfileStatus, type SettingsDocument, type StrategyProfileStatus, type TickerConfigStatus } from '@console/contracts';
import type { Db } from '../db';

export interface ProfileConfig {
  id: number;
  title: string;
  status: StrategyProfileStatus;
  settings: SettingsDocument;
  exchange_account_id: number;
  mm_profile_id: number;
  mm_status: MmProfileStatus;
  one_signal_quota: string;
  max_signals_amount: number;
  ticker_config_status: TickerConfigStatus;
  pairs: { id: number; ticker: string }[];
}

export async function readProfiles(db: Db): Promise<ProfileConfig[]> {
  const { rows } = await db.query<ProfileConfig>(
    `SELECT sp.id, sp.title, sp.status, sp.settings, sp.exchange_account_id, sp.mm_profile_id,
            mm.status AS mm_status, mm.one_signal_quota::text, mm.max_signals_amount, tc.status AS ticker_config_status,
            coalesce((SELECT jsonb_agg(jsonb_build_object('id', p.id, 'ticker', p.ticker) ORDER BY p.id)
                        FROM ticker_config_pairs tcp JOIN pairs p ON p.id = tcp.pair_id
                       WHERE tcp.ticker_config_id = tc.id), '[]') AS pairs
       FROM strategy_profiles sp
       JOIN mm_profiles mm ON mm.id = sp.mm_profile_id
       JOIN ticker_configs tc ON tc.id = sp.ticker_config_id
      WHERE sp.status <> 'draft'
      ORDER BY sp.id`,
  );
  return rows;
}

export async function botEnabled(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ status: string }>(`SELECT status FROM bot_status WHERE singleton`);
  return rows[0]?.status === 'enabled';
}

/**
 * Each account's money put in: deposits − withdrawals of its transactions (contracts moneyPutInSql),
 * else, before its first transaction, the sum of its MM quotas. A change from one read to the next is a
 * flow the metrics shift every base by.
 */
export async function readAccountDeposits(db: Db): Promise<{ id: number; deposit: string }[]> {
  const { rows } = await db.query<{ id: number; deposit: string }>(
    `SELECT a.id,
            coalesce(${moneyPutInSql('a.id')},
                     (SELECT sum(m.all_signals_quota) FROM mm_profiles m WHERE m.exchange_account_id = a.id), 0)::text AS deposit
       FROM exchange_accounts a ORDER BY a.id`,
  );
  return rows;
}

/** Each account's exchange and market: which pairs read the candle store. */
export async function readAccountMarkets(db: Db): Promise<{ id: number; exchange: string; market: ExchangeMarket }[]> {
  const { rows } = await db.query<{ id: number; exchange: string; market: ExchangeMarket }>(`SELECT id, exchange, market FROM exchange_accounts ORDER BY id`);
  return rows;
}
