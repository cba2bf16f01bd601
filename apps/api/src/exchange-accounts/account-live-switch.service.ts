import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EXCHANGE_TRADING_MESSAGES as TM, NOTICES, TRADING_EXCHANGE_IDS, type ExchangeAccount } from '@console/contracts';
import type { Principal } from '../access/principal';
import { CredentialsRepository } from '../auth/credentials.repository';
import { RateLimiterService, totpLimits } from '../auth/rate-limiter.service';
import { matchingStep } from '../auth/totp';
import { Clock } from '../common/clock/clock';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { decryptSecret } from '../common/crypto/secrets';
import { BadRequestDetail, FieldValidationError, foundOr404 } from '../common/errors/api-errors';
import { AuditService } from '../logs/audit.service';
import { NotificationsService } from '../notifications/notifications.service';
import type { GoLiveDto } from './exchange-accounts.dto';
import { ExchangeAccountsRepository } from './exchange-accounts.repository';
import { toAccountDto } from './exchange-accounts.service';

/**
 * The switch of an account to live: real funds, so it asks for more than any other write. The route
 * needs Full and a session (no API token); here, the user's current authenticator code (each time step
 * once, counted by the sign-in's TOTP limiter) and the account's title typed again. The change, its audit
 * row and its notice commit together.
 */
@Injectable()
export class AccountLiveSwitchService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: ExchangeAccountsRepository,
    private readonly credentials: CredentialsRepository,
    private readonly limiter: RateLimiterService,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
  ) {}

  async goLive(principal: Principal, id: number, body: GoLiveDto): Promise<ExchangeAccount> {
    const enrolment = await this.credentials.totpEnrolment(this.dataSource, principal.userId);
    if (!enrolment?.totp_verified || !enrolment.totp_secret_enc) throw new BadRequestDetail(TM.totpNotSetUp);
    // The account's own refusals first: they cost no authenticator try.
    refuseSwitch(toAccountDto(foundOr404(await this.accounts.find(this.dataSource, id))), body);
    const limits = totpLimits(principal.userId, principal.ip);
    await this.limiter.take(limits);
    const step = matchingStep(body.totp_code, decryptSecret(enrolment.totp_secret_enc, this.config.encryptionKey), this.clock.now());

    const { account, notice } = await this.dataSource.transaction(async (m) => {
      const before = toAccountDto(foundOr404(await this.accounts.findForUpdate(m, id)));
      refuseSwitch(before, body);
      // Claimed in the switch's transaction: a refused switch leaves the code usable, a replayed one fails.
      if (step === null || !(await this.credentials.claimTotpStep(m, principal.userId, step))) throw FieldValidationError.of('totp_code', TM.totpWrong);
      const after = toAccountDto(await this.accounts.setMode(m, id, 'live'));
      await this.audit.write(
        { type: 'user', event_type: 'exchange_account_went_live', user_id: principal.userId, log_data: { exchange_account_id: id, before: { mode: before.mode }, after: { mode: 'live' } } },
        m,
      );
      const written = await this.notifications.write(m, { ...NOTICES.exchangeAccountWentLive(after.title, after.exchange, principal.email), kind: 'account_mode_changed' });
      return { account: after, notice: written };
    });
    // A right code clears the user's failed tries, as at sign-in.
    const [perUser, perAddress] = limits;
    await this.limiter.reset([perUser]);
    await this.limiter.refund([perAddress]);
    await this.notifications.publish(notice);
    return account;
  }
}

function refuseSwitch(account: ExchangeAccount, body: GoLiveDto): void {
  if (account.mode === 'live') throw new BadRequestDetail(TM.alreadyLive);
  if (!TRADING_EXCHANGE_IDS.includes(account.exchange)) throw FieldValidationError.of('exchange', TM.exchangeNotTradable);
  if (body.confirmation.trim() !== account.title) throw FieldValidationError.of('confirmation', TM.confirmationWrong);
}
