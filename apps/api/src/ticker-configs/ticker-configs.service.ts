import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { isTickerConfigLocked, TICKER_CONFIG_MESSAGES as M, type TickerConfig, type TickerConfigStatus } from '@console/contracts';
import type { Principal } from '../access/principal';
import type { Db } from '../common/database/sql';
import { BadRequestDetail, FieldValidationError, foundOr404 } from '../common/errors/api-errors';
import { ListPage, queryListPage } from '../common/list-query/list-query';
import { EngineCommandsService, SubmittedCommand } from '../engine/engine-commands.service';
import { markUnchanged } from '../logs/audit-context';
import { AuditService } from '../logs/audit.service';
import { CreateTickerConfigDto, TickerConfigsQuery, UpdateTickerConfigDto } from './ticker-configs.dto';
import { TICKER_CONFIG_LIST } from './ticker-configs.list';
import { TickerConfigsRepository } from './ticker-configs.repository';
import { ReadDb } from '../common/database/read-replica';

/**
 * Ticker configs: named lists of active trading pairs. Switching one on or off is the engine's to do:
 * the request writes an engine command and the config shows starting or stopping until the engine
 * reports it active or inactive. While active (or starting) a config takes nothing but a switch-off.
 */
@Injectable()
export class TickerConfigsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadDb,
    private readonly configs: TickerConfigsRepository,
    private readonly commands: EngineCommandsService,
    private readonly audit: AuditService,
  ) {}

  list(query: TickerConfigsQuery): Promise<ListPage<TickerConfig>> {
    return queryListPage<TickerConfig, TickerConfigsQuery>(this.reads, TICKER_CONFIG_LIST, query);
  }

  async create(principal: Principal, body: CreateTickerConfigDto): Promise<TickerConfig> {
    const pairs = [...new Set(body.pairs ?? [])];
    const { id, command } = await this.dataSource.transaction(async (m) => {
      await this.assertPairsActive(m, pairs);
      const id = await this.configs.insert(m, body.title);
      await this.configs.setPairs(m, id, pairs);
      const created = foundOr404(await this.configs.find(m, id));
      await this.audit.write({ type: 'user', event_type: 'ticker_config_created', user_id: principal.userId, log_data: { ticker_config_id: id, after: created } }, m);
      const command = body.status === 'active' ? await this.switchTo(m, principal, id, 'active') : null;
      return { id, command };
    });
    if (command) await this.commands.publish(command);
    return foundOr404(await this.configs.find(this.dataSource, id));
  }

  async update(principal: Principal, id: number, body: UpdateTickerConfigDto): Promise<TickerConfig> {
    const command = await this.dataSource.transaction(async (m) => {
      const before = foundOr404(await this.configs.find(m, id, { lock: true }));
      const pairs = body.pairs === undefined ? before.pairs : [...new Set(body.pairs)];
      const title = body.title ?? before.title;
      const edits = title !== before.title || !sameIds(pairs, before.pairs);
      // Saved as active and still running: only a switch-off passes, and it changes nothing else.
      if (isTickerConfigLocked(before.status) && (edits || body.status !== 'inactive')) throw new BadRequestDetail(M.activeLocked);
      if (edits) {
        if (!sameIds(pairs, before.pairs)) {
          await this.assertPairsActive(m, pairs);
          await this.configs.setPairs(m, id, pairs);
        }
        if (title !== before.title) await this.configs.setTitle(m, id, title);
        const after = foundOr404(await this.configs.find(m, id));
        await this.audit.write({ type: 'user', event_type: 'ticker_config_updated', user_id: principal.userId, log_data: { ticker_config_id: id, before, after } }, m);
      }
      const switching = body.status !== undefined && body.status !== runningState(before.status);
      if (!edits && !switching) markUnchanged();
      return switching ? this.switchTo(m, principal, id, body.status!) : null;
    });
    if (command) await this.commands.publish(command);
    return foundOr404(await this.configs.find(this.dataSource, id));
  }

  async remove(principal: Principal, id: number): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const before = foundOr404(await this.configs.find(m, id, { lock: true }));
      if (isTickerConfigLocked(before.status)) throw new BadRequestDetail(M.activeLocked);
      if ((await this.configs.profileUse(m, id)).profiles > 0) throw new BadRequestDetail(M.usedByProfiles);
      await this.configs.delete(m, id);
      await this.audit.write({ type: 'user', event_type: 'ticker_config_deleted', user_id: principal.userId, log_data: { ticker_config_id: id, before } }, m);
    });
  }

  /**
   * Asks the engine to start or stop the list, in the caller's transaction: the config shows starting or
   * stopping until the engine reports back. A list a running strategy profile trades keeps running.
   */
  private switchTo(m: EntityManager, principal: Principal, id: number, status: 'active' | 'inactive'): Promise<SubmittedCommand> {
    const starting = status === 'active';
    return this.commands.submitIn(m, principal, {
      kind: starting ? 'start_ticker_config' : 'stop_ticker_config',
      targetId: id,
      check: async () => {
        if (!starting && (await this.configs.profileUse(m, id)).running > 0) throw new BadRequestDetail(M.usedByRunningProfile);
      },
      accepted: () => this.configs.setStatus(m, id, starting ? 'starting' : 'stopping'),
    });
  }

  private async assertPairsActive(db: Db, pairs: readonly number[]): Promise<void> {
    if ((await this.configs.notActivePairs(db, pairs)).length) throw FieldValidationError.of('pairs', M.pairsNotActive);
  }
}

/** Where a config is heading: starting counts as active, stopping as inactive (the toggle's reading). */
function runningState(status: TickerConfigStatus): 'active' | 'inactive' {
  return isTickerConfigLocked(status) ? 'active' : 'inactive';
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const other = new Set(b);
  return a.length === other.size && a.every((id) => other.has(id));
}
