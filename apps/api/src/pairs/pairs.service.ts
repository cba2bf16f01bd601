import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Principal } from '../access/principal';
import { ListPage, queryListPage } from '../common/list-query/list-query';
import { FieldValidationError, foundOr404 } from '../common/errors/api-errors';
import { AuditService } from '../logs/audit.service';
import { NotificationsService } from '../notifications/notifications.service';
import { EXCHANGE_CATALOG, ExchangeCatalog } from './exchange-catalog';
import { PAIR_LIST, PAIR_OPTION_LIST } from './pairs.list';
import { PairsRepository } from './pairs.repository';
import { PairsForFiltersQuery, PairsQuery, UpdatePairDto } from './pairs.dto';
import { NOTICES, PAIR_MESSAGES, type PairOption, type PairsSyncResult, type TradingPair } from '@console/contracts';
import { ReadDb } from '../common/database/read-replica';

const TICKER = /^[A-Z0-9]{2,32}$/;

/**
 * Trading pairs. Sync adds the exchange's new tickers as inactive (an operator turns on what the bot may
 * trade) and never deletes: a pair may be referenced by profiles, signals and logs.
 */
@Injectable()
export class PairsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadDb,
    @Inject(EXCHANGE_CATALOG) private readonly catalog: ExchangeCatalog,
    private readonly pairs: PairsRepository,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
  ) {}

  list(query: PairsQuery): Promise<ListPage<TradingPair>> {
    return queryListPage<TradingPair, PairsQuery>(this.reads, PAIR_LIST, query);
  }

  forFilters(query: PairsForFiltersQuery): Promise<ListPage<PairOption>> {
    return queryListPage<PairOption, PairsForFiltersQuery>(this.reads, PAIR_OPTION_LIST, query);
  }

  async sync(principal: Principal): Promise<PairsSyncResult> {
    const listed = [...new Set((await this.catalog.listInstruments()).map((i) => i.ticker.trim().toUpperCase()).filter((t) => TICKER.test(t)))];
    const result = await this.dataSource.transaction(async (m) => {
      const added = await this.pairs.addMissing(m, listed);
      const tickers = added.map((p) => p.ticker);
      const totals = await this.pairs.totals(m, listed);
      await this.audit.write(
        {
          type: 'user',
          event_type: 'pairs_synced',
          user_id: principal.userId,
          log_data: { listed: listed.length, added: tickers, ...totals },
        },
        m,
      );
      return { tickers, summary: { added: tickers.length, ...totals } };
    });
    if (result.tickers.length) await this.notifications.announce(NOTICES.pairsAdded(result.tickers));
    return result.summary;
  }

  async update(principal: Principal, id: number, body: UpdatePairDto): Promise<TradingPair> {
    return this.dataSource.transaction(async (m) => {
      const before = foundOr404(await this.pairs.findForUpdate(m, id));
      if (body.ticker !== undefined && body.ticker !== before.ticker) throw FieldValidationError.of('ticker', PAIR_MESSAGES.tickerReadOnly);
      const after = await this.pairs.setActive(m, id, body.is_active);
      await this.audit.write(
        {
          type: 'user',
          event_type: after.is_active ? 'pair_activated' : 'pair_deactivated',
          user_id: principal.userId,
          pair_id: id,
          pair_name: after.ticker,
          log_data: { before, after },
        },
        m,
      );
      return after;
    });
  }
}
