import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import {
  ALERT_COMMANDS,
  ALERT_LIMITS,
  ALERT_MESSAGES as M,
  alertWebhookUrl,
  type AlertAccepted,
  type AlertSecretAnswer,
  type AlertSettings,
} from '@console/contracts';
import type { Principal } from '../access/principal';
import { alertRequestLimits, alertSecretLimits, RateLimiterService } from '../auth/rate-limiter.service';
import { Clock } from '../common/clock/clock';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { sha256 } from '../common/crypto/secrets';
import { BadRequestDetail, ConflictDetail, FieldValidationError, foundOr404, TokenNotValidError } from '../common/errors/api-errors';
import { EngineCommandsService, type SubmittedCommand } from '../engine/engine-commands.service';
import { markUnchanged } from '../logs/audit-context';
import { AuditService } from '../logs/audit.service';
import { lagRefusal, readAlertBody, secretOf, type AlertBody } from './alert-body';
import { AlertsRepository, type AlertKeyRow } from './alerts.repository';

/** What an alert's transaction decided: accepted with its command, or refused with a status and reason. */
type Outcome = { status: number; answer: object; command: SubmittedCommand | null };

const base64url = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * Alert webhooks: a profile's settings (on with a new secret, off) and the alerts themselves. An alert
 * is judged in this order: its secret (wrong: 401, counted for the profile's lockout), the profile's
 * alert rate, its fields, then under the lock of the profile's alert settings its alert_id (a repeat
 * answers as the first), its age, the profile's state, the pair and the bot; accepted, it becomes an
 * engine command on the profile, with its receipt and a log row in the same transaction.
 */
@Injectable()
export class AlertsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly alerts: AlertsRepository,
    private readonly commands: EngineCommandsService,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiterService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async settings(profileId: number): Promise<AlertSettings> {
    foundOr404(await this.alerts.profile(this.dataSource, profileId));
    const row = await this.alerts.settingsOf(this.dataSource, profileId);
    return {
      enabled: row?.enabled ?? false,
      profile_key: row?.profile_key ?? null,
      url: row ? alertWebhookUrl(this.config.publicUrl, row.profile_key) : null,
      max_lag_seconds: row?.max_lag_seconds ?? ALERT_LIMITS.maxLagDefaultSeconds,
    };
  }

  /** Alerts on with a new secret (each call), answered this once; a lockout ends with the old secret. */
  async enable(principal: Principal, profileId: number, maxLagSeconds: number | undefined): Promise<AlertSecretAnswer> {
    const secret = base64url(ALERT_LIMITS.secretBytes);
    const saved = await this.dataSource.transaction(async (m) => {
      const profile = foundOr404(await this.alerts.lockProfile(m, profileId));
      if (profile.status === 'draft') throw new BadRequestDetail(M.draftNoAlerts);
      const saved = await this.alerts.enable(m, profileId, base64url(ALERT_LIMITS.profileKeyBytes), sha256(secret), maxLagSeconds);
      await this.audit.write(
        { type: 'user', event_type: 'alerts_enabled', user_id: principal.userId, profile_id: profileId, profile_title: profile.title, log_data: { profile_key: saved.profile_key, max_lag_seconds: saved.max_lag_seconds } },
        m,
      );
      return saved;
    });
    await this.limiter.reset(alertSecretLimits(profileId));
    return { profile_key: saved.profile_key, secret, url: alertWebhookUrl(this.config.publicUrl, saved.profile_key), max_lag_seconds: saved.max_lag_seconds };
  }

  async disable(principal: Principal, profileId: number): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const profile = foundOr404(await this.alerts.lockProfile(m, profileId));
      if (!(await this.alerts.disable(m, profileId))) return markUnchanged();
      await this.audit.write({ type: 'user', event_type: 'alerts_disabled', user_id: principal.userId, profile_id: profileId, profile_title: profile.title }, m);
    });
  }

  /** `POST alerts/{profile_key}/`: 202 with the command, or the refusal. */
  async receive(profileKey: string, body: unknown): Promise<AlertAccepted> {
    const secret = secretOf(body);
    if (secret === null) throw FieldValidationError.of('secret', M.secretBlank);
    const key = profileKey.length <= 64 ? await this.alerts.byKey(this.dataSource, profileKey) : undefined;
    // An unknown key or alerts turned off answer as a wrong secret: the URL alone tells nothing.
    if (!key || !key.enabled) throw new TokenNotValidError(M.wrongSecret);
    await this.checkSecret(key, secret);
    await this.limiter.take(alertRequestLimits(key.profile_id), M.tooManyAlerts);

    const read = readAlertBody(body);
    if ('errors' in read) throw new FieldValidationError(read.errors);
    const alert = read.alert;
    const outcome = await this.dataSource.transaction((m) => this.judge(m, key, alert));
    if (outcome.command) await this.commands.publish(outcome.command);
    if (outcome.status !== HttpStatus.ACCEPTED) throw refusalOf(outcome);
    return outcome.answer as AlertAccepted;
  }

  /** The secret, against the profile's lockout: a point is taken first, so parallel guesses are all counted; a right secret gives it back. */
  private async checkSecret(key: AlertKeyRow, secret: string): Promise<void> {
    const limits = alertSecretLimits(key.profile_id);
    await this.limiter.take(limits, M.lockedOut);
    const given = Buffer.from(sha256(secret), 'hex');
    if (!timingSafeEqual(given, Buffer.from(key.secret_hash, 'hex'))) throw new TokenNotValidError(M.wrongSecret);
    await this.limiter.refund(limits);
  }

  private async judge(m: EntityManager, key: AlertKeyRow, alert: AlertBody): Promise<Outcome> {
    const profileId = key.profile_id;
    // Turned off since the look-up: as a wrong key.
    const state = await this.alerts.lockForAlert(m, profileId);
    if (!state) throw new TokenNotValidError(M.wrongSecret);
    if (alert.alert_id !== null) {
      const earlier = await this.alerts.receiptOf(m, profileId, alert.alert_id, ALERT_LIMITS.idempotencyHours);
      if (earlier) return { status: earlier.status_code, answer: earlier.answer, command: null };
    }

    const listed = alert.pair === null ? undefined : await this.alerts.listedPair(m, profileId, alert.pair);
    const refuse = (status: number, detail: string) => ({ status, detail });
    const lag = lagRefusal(alert.timestamp, this.clock.now(), key.max_lag_seconds);
    const refusal = lag
      ? refuse(HttpStatus.BAD_REQUEST, lag)
      : state.status !== 'active'
        ? refuse(HttpStatus.CONFLICT, M.profileNotActive)
        : alert.pair !== null && !listed
          ? refuse(HttpStatus.BAD_REQUEST, M.pairNotListed(alert.pair))
          : !state.bot_enabled
            ? refuse(HttpStatus.CONFLICT, M.botOff)
            : null;
    const logged = { profile_id: profileId, profile_title: state.title, pair_id: listed?.id ?? null, pair_name: listed?.ticker ?? alert.pair };
    const about = { alert_id: alert.alert_id, action: alert.action, pair: alert.pair, price: alert.price, timestamp: alert.timestamp === null ? null : new Date(alert.timestamp).toISOString() };

    if (refusal) {
      const answer = { detail: refusal.detail };
      await this.alerts.storeReceipt(m, { profileId, alertId: alert.alert_id, action: alert.action, pair: alert.pair, statusCode: refusal.status, answer, commandId: null });
      await this.audit.write({ type: 'restrictions', event_type: 'alert_refused', ...logged, log_data: { ...about, reason: refusal.detail } }, m);
      return { status: refusal.status, answer, command: null };
    }

    const command = await this.commands.submitAlertIn(m, ALERT_COMMANDS[alert.action], profileId, {
      ...(listed ? { pair_id: String(listed.id) } : {}),
      alert_id: alert.alert_id,
      ...(alert.price === null ? {} : { price: alert.price }),
    });
    const answer: AlertAccepted = { status: 'accepted', alert_id: alert.alert_id, action: alert.action, pair: listed?.ticker ?? null, command_id: command.id };
    await this.alerts.storeReceipt(m, { profileId, alertId: alert.alert_id, action: alert.action, pair: alert.pair, statusCode: HttpStatus.ACCEPTED, answer, commandId: command.id });
    await this.audit.write({ type: 'general', event_type: 'alert_accepted', ...logged, log_data: { ...about, command_id: command.id } }, m);
    return { status: HttpStatus.ACCEPTED, answer, command };
  }
}

/** A refusal (stored, so a repeated alert_id gets it again) as the exception that answers it. */
function refusalOf(outcome: Outcome): Error {
  const detail = String((outcome.answer as { detail?: unknown }).detail ?? '');
  return outcome.status === HttpStatus.CONFLICT ? new ConflictDetail(detail) : new BadRequestDetail(detail);
}
