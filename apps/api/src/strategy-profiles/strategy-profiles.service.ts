import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  knownSettings,
  normalizeSettings,
  settingsShapeErrors,
  STRATEGY_PROFILE_MESSAGES as M,
  validateStrategySettings,
  type StrategyProfile,
  type StrategyProfileOption,
  type StrategySettings,
  type Timeframe,
} from '@console/contracts';
import type { Principal } from '../access/principal';
import type { Db } from '../common/database/sql';
import { BadRequestDetail, FieldValidationError, foundOr404 } from '../common/errors/api-errors';
import { ListPage, queryListPage } from '../common/list-query/list-query';
import { EngineCommandsService } from '../engine/engine-commands.service';
import { markUnchanged } from '../logs/audit-context';
import { AuditService } from '../logs/audit.service';
import { finishRefusal, settingsFields, wholeDocumentErrors } from './finish-rule';
import { CreateStrategyProfileDto, StrategyProfileOptionsQuery, StrategyProfilesQuery, StrategySettingsDto, UpdateStrategyProfileDto } from './strategy-profiles.dto';
import { STRATEGY_PROFILE_LIST, STRATEGY_PROFILE_OPTION_LIST } from './strategy-profiles.list';
import { StrategyProfilesRepository, TemplateSource } from './strategy-profiles.repository';
import { ReadDb } from '../common/database/read-replica';

/** A new profile without a template: long, no time frame, an empty settings document (the wizard fills it). */
const BLANK: TemplateSource = { profile_direction: 'long', timeframe: null, settings: {} };

/**
 * Strategy profiles: draft → inactive (the wizard's Finish; the rule in finish-rule.ts) ⇄ active →
 * stopping → inactive. Start and stop are engine commands: the profile shows active or stopping at
 * once (action_state CHANGING) and the engine confirms; the stop ends at inactive when the engine
 * reports it. The profile's own fields change only while it is a draft or inactive, so a running
 * profile never changes under the engine.
 */
@Injectable()
export class StrategyProfilesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ReadDb,
    private readonly profiles: StrategyProfilesRepository,
    private readonly commands: EngineCommandsService,
    private readonly audit: AuditService,
  ) {}

  list(query: StrategyProfilesQuery): Promise<ListPage<StrategyProfile>> {
    return queryListPage(this.reads, STRATEGY_PROFILE_LIST, { ...query, show_hide: query.show_hide ?? false });
  }

  options(query: StrategyProfileOptionsQuery): Promise<ListPage<StrategyProfileOption>> {
    return queryListPage(this.reads, STRATEGY_PROFILE_OPTION_LIST, query);
  }

  async get(id: number): Promise<StrategyProfile> {
    return foundOr404(await this.profiles.find(this.dataSource, id));
  }

  async create(principal: Principal, body: CreateStrategyProfileDto): Promise<StrategyProfile> {
    const id = await this.dataSource.transaction(async (m) => {
      const template = body.template == null ? BLANK : await this.profiles.template(m, body.template);
      if (!template) throw FieldValidationError.of('template', M.templateUnknown);
      const links = await this.links(m, body.mm_profile ?? null, body.tickers ?? null);
      // A template's document may predate the schema check: the copy keeps only the keys the schema knows.
      const id = await this.profiles.insert(m, { title: body.title, templateId: body.template ?? null, ...links, ...template, settings: knownSettings(template.settings) });
      await this.audit.write({ type: 'user', event_type: 'strategy_profile_created', user_id: principal.userId, log_data: { profile_id: id, after: await this.profiles.find(m, id) } }, m);
      return id;
    });
    return this.get(id);
  }

  async update(principal: Principal, id: number, body: UpdateStrategyProfileDto): Promise<StrategyProfile> {
    await this.dataSource.transaction(async (m) => {
      const before = foundOr404(await this.profiles.find(m, id, { lock: true }));
      const edits = body.title !== undefined || body.mm_profile !== undefined || body.tickers !== undefined;
      const finishing = body.status === 'inactive' && before.status === 'draft';
      if (body.status !== undefined && body.status !== before.status && !finishing) throw new BadRequestDetail(M.statusByActions);
      let changed = false;
      if (edits || finishing) {
        if (before.status !== 'draft' && before.status !== 'inactive') throw new BadRequestDetail(M.onlyWhenStopped);
        const title = body.title ?? before.title;
        const links = await this.links(m, body.mm_profile ?? before.mm_profile?.id ?? null, body.tickers ?? before.tickers);
        if (finishing) {
          // Read under the row lock taken above: a settings PUT waits, then finds the profile inactive
          // and must pass the whole-document check itself.
          const faults = wholeDocumentErrors((await this.profiles.settings(m, id))?.settings);
          if (!(title && links.mmProfileId && links.tickerConfigId) || Object.keys(faults).length) throw finishRefusal(principal, faults);
        }
        await this.profiles.update(m, id, { title, ...links });
        if (finishing) await this.profiles.setStatus(m, id, 'inactive');
        changed = true;
      }
      if (body.is_show !== undefined && body.is_show !== before.is_show) {
        await this.profiles.setShown(m, id, body.is_show);
        changed = true;
      }
      if (!changed) return markUnchanged();
      const after = await this.profiles.find(m, id);
      await this.audit.write({ type: 'user', event_type: finishing ? 'strategy_profile_finished' : 'strategy_profile_updated', user_id: principal.userId, log_data: { profile_id: id, before, after } }, m);
    });
    return this.get(id);
  }

  /**
   * From inactive or stopping: active at once, CHANGING until the engine confirms. The document is
   * checked whole again on the locked row: one finished before that rule, or stored before a rule
   * changed, does not reach the engine.
   */
  async start(principal: Principal, id: number, clientKey?: string): Promise<StrategyProfile> {
    await this.commands.submit(principal, {
      kind: 'start_profile',
      targetId: id,
      clientKey,
      check: (row) => {
        if (row.status === 'draft') throw new BadRequestDetail(M.draftCannotStart);
        if (row.status !== 'inactive' && row.status !== 'stopping') throw new BadRequestDetail(M.cannotStart);
        if (Object.keys(wholeDocumentErrors(row.settings)).length) throw new BadRequestDetail(M.settingsIncomplete);
      },
      accepted: (_row, m) => this.profiles.setStatus(m, id, 'active'),
    });
    return this.get(id);
  }

  /** From active: stopping at once, inactive when the engine reports it stopped. */
  async stop(principal: Principal, id: number, clientKey?: string): Promise<StrategyProfile> {
    await this.commands.submit(principal, {
      kind: 'stop_profile',
      targetId: id,
      clientKey,
      check: (row) => {
        if (row.status !== 'active') throw new BadRequestDetail(M.cannotStop);
      },
      accepted: (_row, m) => this.profiles.setStatus(m, id, 'stopping'),
    });
    return this.get(id);
  }

  /**
   * A new draft beside `sourceId` with other settings (a backtest's): the source's MM profile, pairs,
   * direction and time frame, the settings checked as a draft's save checks them, in one transaction with
   * its creation's audit row.
   */
  async createDraftFrom(principal: Principal, sourceId: number, title: string, settings: Record<string, unknown>): Promise<StrategyProfile> {
    const id = await this.dataSource.transaction(async (m) => {
      const source = foundOr404(await this.profiles.draftLinks(m, sourceId));
      const shape = settingsShapeErrors(settings);
      if (Object.keys(shape).length) throw new FieldValidationError(settingsFields(shape));
      const errors = validateStrategySettings(settings, { partial: true });
      if (Object.keys(errors).length) throw new FieldValidationError(settingsFields(errors));
      const links = await this.links(m, source.mm_profile_id, source.ticker_config_id);
      const id = await this.profiles.insert(m, { title, templateId: sourceId, ...links, profile_direction: source.profile_direction, timeframe: source.timeframe, settings: knownSettings(settings) });
      await this.audit.write({ type: 'user', event_type: 'strategy_profile_created', user_id: principal.userId, log_data: { profile_id: id, after: await this.profiles.find(m, id) } }, m);
      return id;
    });
    return this.get(id);
  }

  async settings(id: number): Promise<StrategySettings> {
    return foundOr404(await this.profiles.settings(this.dataSource, id));
  }

  /**
   * Saves the whole settings document after every rule of validateStrategySettings (a draft:
   * the blocks it holds so far). Only a draft or inactive profile: a running one keeps the settings the engine works with.
   */
  async saveSettings(principal: Principal, id: number, body: StrategySettingsDto): Promise<StrategySettings> {
    const settings = normalizeSettings(body.settings) as Record<string, unknown>;
    await this.dataSource.transaction(async (m) => {
      const profile = foundOr404(await this.profiles.find(m, id, { lock: true }));
      if (profile.status !== 'draft' && profile.status !== 'inactive') throw new BadRequestDetail(M.onlyWhenStopped);
      const shape = settingsShapeErrors(settings);
      if (Object.keys(shape).length) throw new FieldValidationError(settingsFields(shape));
      const errors = validateStrategySettings(settings, { partial: profile.status === 'draft' });
      if (Object.keys(errors).length) throw new FieldValidationError(settingsFields(errors));
      const signal = (settings.signal_settings ?? {}) as { price_direction?: string; timeframe?: Timeframe };
      const direction = signal.price_direction === 'grow' ? 'long' : signal.price_direction === 'fall' ? 'short' : undefined;
      const before = await this.profiles.settings(m, id);
      await this.profiles.saveSettings(m, id, settings, { direction, timeframe: signal.timeframe });
      await this.audit.write({ type: 'user', event_type: 'strategy_settings_updated', user_id: principal.userId, profile_id: id, profile_title: profile.title, log_data: { before: before?.settings, after: settings } }, m);
    });
    return this.settings(id);
  }

  /** The MM profile (with its account) and the ticker list a profile points at, each checked to exist. */
  private async links(db: Db, mmProfileId: number | null, tickerConfigId: number | null) {
    const accountId = mmProfileId === null ? null : await this.profiles.mmProfileAccount(db, mmProfileId);
    if (accountId === undefined) throw FieldValidationError.of('mm_profile', M.mmProfileUnknown);
    if (tickerConfigId !== null && !(await this.profiles.tickerConfigExists(db, tickerConfigId))) throw FieldValidationError.of('tickers', M.tickersUnknown);
    return { mmProfileId, accountId, tickerConfigId };
  }
}
