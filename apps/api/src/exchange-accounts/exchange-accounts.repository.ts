import { Injectable } from '@nestjs/common';
import type { AccountMode, ExchangeMarket } from '@console/contracts';
import { type Db, firstRow, queryRows } from '../common/database/sql';
import { ACCOUNT_COLUMNS } from './exchange-accounts.list';

/** An account as stored, without its secret: the engine decrypts that where it trades, no answer carries it. */
export interface AccountRecord {
  id: number;
  title: string;
  api_key: string;
  leverage: string;
  broker_id: string | null;
  broker_program_is_active: boolean;
  broker_program_is_available: boolean;
  exchange: string;
  market: ExchangeMarket;
  mode: AccountMode;
  api_url: string | null;
}

export interface AccountWrite {
  title: string;
  api_key: string;
  leverage: number;
  broker_id: string | null;
  exchange: string;
  market: ExchangeMarket;
  mode: AccountMode;
  api_url: string | null;
}

/** Every statement on `exchange_accounts` outside its list declaration. */
@Injectable()
export class ExchangeAccountsRepository {
  async findForUpdate(db: Db, id: number): Promise<AccountRecord | undefined> {
    return firstRow(db, `SELECT ${ACCOUNT_COLUMNS} FROM exchange_accounts WHERE id = $1 FOR UPDATE`, [id]);
  }

  async insert(db: Db, account: AccountWrite & { api_secret_enc: string }): Promise<AccountRecord> {
    const [row] = await queryRows<AccountRecord>(
      db,
      `INSERT INTO exchange_accounts (title, api_key, api_secret_enc, leverage, broker_id, exchange, market, mode, api_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${ACCOUNT_COLUMNS}`,
      [account.title, account.api_key, account.api_secret_enc, account.leverage, account.broker_id, account.exchange, account.market, account.mode, account.api_url],
    );
    return row;
  }

  /** A null `api_secret_enc` keeps the stored secret. */
  async update(db: Db, id: number, account: AccountWrite & { api_secret_enc: string | null; broker_program_is_active: boolean }): Promise<AccountRecord> {
    const [row] = await queryRows<AccountRecord>(
      db,
      `UPDATE exchange_accounts
          SET title = $2, api_key = $3, api_secret_enc = coalesce($4, api_secret_enc), leverage = $5, broker_id = $6,
              broker_program_is_active = $7, exchange = $8, market = $9, mode = $10, api_url = $11, updated_at = now()
        WHERE id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
      [id, account.title, account.api_key, account.api_secret_enc, account.leverage, account.broker_id, account.broker_program_is_active, account.exchange, account.market, account.mode, account.api_url],
    );
    return row;
  }

  /** Sets the mode alone (the switch to and from live). */
  async setMode(db: Db, id: number, mode: AccountMode): Promise<AccountRecord> {
    const [row] = await queryRows<AccountRecord>(db, `UPDATE exchange_accounts SET mode = $2, updated_at = now() WHERE id = $1 RETURNING ${ACCOUNT_COLUMNS}`, [id, mode]);
    return row;
  }

  /** The encrypted secret, for the one place that talks to the exchange with it. */
  async secretOf(db: Db, id: number): Promise<string | undefined> {
    return (await firstRow<{ api_secret_enc: string }>(db, `SELECT api_secret_enc FROM exchange_accounts WHERE id = $1`, [id]))?.api_secret_enc;
  }

  async find(db: Db, id: number): Promise<AccountRecord | undefined> {
    return firstRow(db, `SELECT ${ACCOUNT_COLUMNS} FROM exchange_accounts WHERE id = $1`, [id]);
  }

  /** Whether an MM profile trades on the account (they must move to another account before it goes). */
  async usedByMmProfiles(db: Db, id: number): Promise<boolean> {
    return (await firstRow(db, `SELECT 1 FROM mm_profiles WHERE exchange_account_id = $1 LIMIT 1`, [id])) !== undefined;
  }

  async delete(db: Db, id: number): Promise<void> {
    await db.query(`DELETE FROM exchange_accounts WHERE id = $1`, [id]);
  }
}
