import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_LIST } from './exchange-accounts.list';
import { ListPage, mapRows, queryListPage } from '../common/list-query/list-query';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DEFAULT_ACCOUNT_MODE, DEFAULT_EXCHANGE_ID, DEFAULT_EXCHANGE_MARKET, EXCHANGE_TRADING_MESSAGES, NOTICES, TRADING_EXCHANGE_IDS, type AccountMode, type ExchangeAccount } from '@console/contracts';
import type { Principal } from '../access/principal';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { encryptSecret } from '../common/crypto/secrets';
import { BadRequestDetail, FieldValidationError, foundOr404 } from '../common/errors/api-errors';
import type { Db } from '../common/database/sql';
import { AuditService } from '../logs/audit.service';
import { NotificationsService } from '../notifications/notifications.service';
import { CreateExchangeAccountDto, ExchangeAccountsQuery, UpdateExchangeAccountDto } from './exchange-accounts.dto';
import { AccountRecord, ExchangeAccountsRepository } from './exchange-accounts.repository';
import { EXCHANGE_ACCOUNT_MESSAGES } from '@console/contracts';
import { ReadDb } from '../common/database/read-replica';

/** The settings block shows every account in one scrolling list, so one page holds them all. */

/** Exchange accounts: credentials the engine trades with. The secret is write-only and stored encrypted. */
@Injectable()
export class ExchangeAccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: ExchangeAccountsRepository,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
  ) {}

  async list(query: ExchangeAccountsQuery): Promise<ListPage<ExchangeAccount>> {
    return mapRows(await queryListPage<AccountRecord, ExchangeAccountsQuery>(this.reads, ACCOUNT_LIST, query), toAccountDto);
  }

  async create(principal: Principal, body: CreateExchangeAccountDto): Promise<ExchangeAccount> {
    if (body.broker_program_is_active) throw notAvailable();
    const { account, notice } = await this.dataSource.transaction(async (m) => {
      const row = await this.accounts.insert(m, {
        title: body.title,
        api_key: body.api_key,
        api_secret_enc: encryptSecret(body.api_secret, this.config.encryptionKey),
        leverage: body.leverage,
        broker_id: emptyToNull(body.broker_id),
        exchange: body.exchange ?? DEFAULT_EXCHANGE_ID,
        market: body.market ?? DEFAULT_EXCHANGE_MARKET,
        ...tradingFields(body, { mode: DEFAULT_ACCOUNT_MODE, api_url: null }, body.exchange ?? DEFAULT_EXCHANGE_ID),
      });
      const created = toAccountDto(row);
      await this.audit.write(
        { type: 'user', event_type: 'exchange_account_created', user_id: principal.userId, log_data: { exchange_account_id: row.id, after: created } },
        m,
      );
      return { account: created, notice: await this.notifications.write(m, NOTICES.exchangeAccountAdded(created.title, principal.email)) };
    });
    await this.notifications.publish(notice);
    return account;
  }

  async update(principal: Principal, id: number, body: UpdateExchangeAccountDto): Promise<ExchangeAccount> {
    const { account, notice } = await this.dataSource.transaction(async (m) => {
      const before = toAccountDto(await this.find(m, id));
      const brokerActive = body.broker_program_is_active ?? before.broker_program_is_active;
      if (brokerActive && !before.broker_program_is_available) throw notAvailable();
      const newSecret = body.api_secret ? encryptSecret(body.api_secret, this.config.encryptionKey) : null;
      const row = await this.accounts.update(m, id, {
        title: body.title,
        api_key: body.api_key,
        api_secret_enc: newSecret,
        leverage: body.leverage,
        broker_id: emptyToNull(body.broker_id),
        broker_program_is_active: brokerActive,
        exchange: body.exchange ?? before.exchange,
        market: body.market ?? before.market,
        ...tradingFields(body, before, body.exchange ?? before.exchange),
      });
      const after = toAccountDto(row);
      // Leaving live is as loud as going live: everyone hears the account no longer trades real funds.
      const leftLive = before.mode === 'live' && after.mode !== 'live' ? { ...NOTICES.exchangeAccountLeftLive(after.title, after.mode, principal.email), kind: 'account_mode_changed' as const } : null;
      await this.audit.write(
        {
          type: 'user',
          event_type: 'exchange_account_updated',
          user_id: principal.userId,
          // Only whether the secret was replaced is recorded (under a name the log masker leaves readable), never the secret.
          log_data: { exchange_account_id: id, before, after, credentials_replaced: newSecret !== null },
        },
        m,
      );
      return { account: after, notice: leftLive ? await this.notifications.write(m, leftLive) : null };
    });
    if (notice) await this.notifications.publish(notice);
    return account;
  }

  async remove(principal: Principal, id: number): Promise<void> {
    const notice = await this.dataSource.transaction(async (m) => {
      const before = toAccountDto(await this.find(m, id));
      if (await this.accounts.usedByMmProfiles(m, id)) throw new BadRequestDetail(EXCHANGE_ACCOUNT_MESSAGES.usedByMmProfiles);
      await this.accounts.delete(m, id);
      await this.audit.write({ type: 'user', event_type: 'exchange_account_deleted', user_id: principal.userId, log_data: { exchange_account_id: id, before } }, m);
      return this.notifications.write(m, NOTICES.exchangeAccountDeleted(before.title, principal.email));
    });
    await this.notifications.publish(notice);
  }

  private async find(db: Db, id: number): Promise<AccountRecord> {
    return foundOr404(await this.accounts.findForUpdate(db, id));
  }
}

function notAvailable(): FieldValidationError {
  return FieldValidationError.of('broker_program_is_active', EXCHANGE_ACCOUNT_MESSAGES.brokerProgramNotAvailable);
}

/**
 * The mode and API URL a write leaves: absent keeps what was there. The form sets paper or demo only; it
 * may name live only on an account that is live already (the switch is its own confirmed route). Demo and
 * live need an exchange the venue trades on.
 */
function tradingFields(body: { mode?: AccountMode; api_url?: string | null }, before: { mode: AccountMode; api_url: string | null }, exchange: string) {
  const mode = body.mode ?? before.mode;
  if (mode === 'live' && before.mode !== 'live') throw FieldValidationError.of('mode', EXCHANGE_TRADING_MESSAGES.modeInvalid);
  if (mode !== 'paper' && !TRADING_EXCHANGE_IDS.includes(exchange)) throw FieldValidationError.of('exchange', EXCHANGE_TRADING_MESSAGES.exchangeNotTradable);
  return { mode, api_url: body.api_url === undefined ? before.api_url : emptyToNull(body.api_url?.replace(/\/$/, '')) };
}

function emptyToNull(value: string | null | undefined): string | null {
  return value ? value : null;
}

export function toAccountDto(row: AccountRecord): ExchangeAccount {
  return {
    id: row.id,
    title: row.title,
    api_key: row.api_key,
    leverage: Number(row.leverage),
    broker_id: row.broker_id,
    broker_program_is_active: row.broker_program_is_active,
    broker_program_is_available: row.broker_program_is_available,
    exchange: row.exchange,
    market: row.market,
    mode: row.mode,
    api_url: row.api_url,
  };
}
