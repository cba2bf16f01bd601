import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CurrentUser, EMAIL_PATTERN, ERROR_CODES, MESSAGES, OWN_MESSAGES, SIGN_IN_LIMITS, TokenPair, TotpCreateAnswer } from '@console/contracts';
import type { Principal } from '../access/principal';
import { Clock } from '../common/clock/clock';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { decryptSecret, encryptSecret } from '../common/crypto/secrets';
import { BadRequestDetail, FieldValidationError, TokenNotValidError, TooManyAttemptsError } from '../common/errors/api-errors';
import { AuditService } from '../logs/audit.service';
import { CredentialsRepository } from './credentials.repository';
import { deviceOf } from './user-agent';
import { CaptchaService } from './captcha.service';
import { NewDeviceService } from './new-device.service';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { RateLimiterService, signInLimits, totpLimits } from './rate-limiter.service';
import { SessionService } from './session.service';
import { matchingStep, newTotpSecret, otpauthUrl, qrDataUrl } from './totp';
import { signInFailures, signInLockouts } from '../metrics/metrics';

type ClientInfo = {
  ip: string;
  userAgent: string;
};

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: CredentialsRepository,
    private readonly sessions: SessionService,
    private readonly captcha: CaptchaService,
    private readonly limiter: RateLimiterService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly newDevices: NewDeviceService,
  ) {}

  /** Password step: answers tokens whose second factor is still pending. */
  async login(email: string, password: string, captchaToken: string | undefined, client: ClientInfo): Promise<TokenPair> {
    const normalized = email.trim();
    if (!EMAIL_PATTERN.test(normalized)) throw FieldValidationError.of('email', MESSAGES.emailInvalid);
    const limits = signInLimits(normalized, client.ip);
    // Past the account's failure threshold nobody is refused (that would let anyone lock the owner out):
    // every attempt on it must bring the harder bot-check instead, where the check has one.
    const harder = this.captcha.hasLevels && (await this.limiter.count(limits.account)) >= SIGN_IN_LIMITS.perAccount.max;
    // The bot-check comes first and takes no attempt: failing it judges no password, and must not let
    // anyone push an account over its threshold without solving challenges.
    if (!(await this.captcha.redeem(captchaToken, harder ? 'harder' : 'usual'))) {
      signInFailures.inc({ reason: 'captcha' });
      await this.failedSignIn(normalized, 'captcha', client);
      throw harder ? new BadRequestDetail(OWN_MESSAGES.harderBotCheck, ERROR_CODES.harderBotCheck) : new BadRequestDetail(MESSAGES.captchaFailed);
    }
    // Taken before the password is judged, so parallel guesses cannot get past the limits.
    await this.limiter.take(limits.refusing).catch(async (refusal: unknown) => {
      if (refusal instanceof TooManyAttemptsError) {
        signInFailures.inc({ reason: 'locked' });
        signInLockouts.inc({ step: 'password' });
        await this.failedSignIn(normalized, 'locked', client);
      }
      throw refusal;
    });
    await this.limiter.note([limits.account]);
    const user = await this.users.signInRecord(this.dataSource, normalized);
    const passwordOk = user ? await verifyPassword(user.password_hash, password) : (await burnPasswordCheck(password), false);
    if (!user || !passwordOk || !user.is_active) {
      const reason = !user ? 'unknown_email' : !passwordOk ? 'wrong_password' : 'inactive';
      signInFailures.inc({ reason });
      await this.audit.write({ type: 'user', event_type: 'login_failed', user_id: user?.id ?? null, log_data: { email: normalized, reason, ...client } });
      throw new BadRequestDetail(MESSAGES.loginInvalid);
    }
    await this.limiter.refund([...limits.refusing, limits.account]);
    return this.dataSource.transaction(async (manager) => {
      const pair = await this.sessions.startFamily(user.id, false, manager, client);
      await this.audit.write({ type: 'user', event_type: 'login_password_ok', user_id: user.id, log_data: { email: normalized, ...client } }, manager);
      return pair;
    });
  }

  /** The QR code for enrolment; once the user has verified, the secret is never shown again. */
  async createTotp(principal: Principal): Promise<TotpCreateAnswer> {
    const user = await this.users.totpEnrolment(this.dataSource, principal.userId);
    if (!user) throw new TokenNotValidError();
    if (user.totp_verified) return { url: '', qr: '', is_verified: true };
    let secret: string;
    if (user.totp_secret_enc) {
      secret = decryptSecret(user.totp_secret_enc, this.config.encryptionKey);
    } else {
      secret = newTotpSecret();
      const saved = await this.users.saveTotpSecretOnce(this.dataSource, principal.userId, encryptSecret(secret, this.config.encryptionKey));
      secret = decryptSecret(saved, this.config.encryptionKey);
    }
    const url = otpauthUrl(user.email, secret);
    return { url, qr: await qrDataUrl(url), is_verified: false };
  }

  /** Second factor: a code from the authenticator app, each time step usable once. */
  async loginWithTotp(principal: Principal, code: string): Promise<TokenPair> {
    const client = { ip: principal.ip, userAgent: principal.userAgent };
    const device = deviceOf(client.userAgent);
    const limits = totpLimits(principal.userId, principal.ip);
    await this.limiter.take(limits).catch(async (refusal: unknown) => {
      if (refusal instanceof TooManyAttemptsError) {
        signInFailures.inc({ reason: 'locked' });
        signInLockouts.inc({ step: '2fa' });
        await this.audit.write({ type: 'user', event_type: '2fa_failed', user_id: principal.userId, log_data: { reason: 'locked', ...client } });
      }
      throw refusal;
    });
    const enrolment = await this.users.totpEnrolment(this.dataSource, principal.userId);
    const secretEnc = enrolment?.totp_secret_enc;
    const step = secretEnc ? matchingStep(code, decryptSecret(secretEnc, this.config.encryptionKey), this.clock.now()) : null;
    const result = await this.dataSource.transaction(async (manager) => {
      if (step === null) return null;
      if (!(await this.users.claimTotpStep(manager, principal.userId, step))) return null;
      if (!enrolment?.totp_verified) await this.audit.write({ type: 'user', event_type: '2fa_activated', user_id: principal.userId, log_data: client }, manager);
      await this.sessions.revokeFamily(principal.familyId, 'second_factor', manager);
      const pair = await this.sessions.startFamily(principal.userId, true, manager, client);
      const newDevice = await this.newDevices.isNewDevice(manager, principal.userId, client.ip, device);
      await this.audit.write({ type: 'user', event_type: 'login_success', user_id: principal.userId, log_data: { ...client, device } }, manager);
      return { pair, newDevice };
    });
    if (!result) {
      signInFailures.inc({ reason: '2fa' });
      await this.audit.write({ type: 'user', event_type: '2fa_failed', user_id: principal.userId, log_data: client });
      throw new BadRequestDetail(MESSAGES.twoFactorFailed);
    }
    // A right code clears the account's code failures and gives the address its point back.
    const [perUser, perAddress] = limits;
    await this.limiter.reset([perUser]);
    await this.limiter.refund([perAddress]);
    if (result.newDevice) await this.newDevices.announce(principal.userId, principal.email, device, client.ip);
    return result.pair;
  }

  /**
   * A refused password step, on the account it named when there is one, so the account's sign-in
   * history shows it; the lookup runs only for refusals before the password check (bot-check, lock).
   */
  private async failedSignIn(email: string, reason: 'captcha' | 'locked', client: ClientInfo): Promise<void> {
    const userId = (await this.users.idByEmail(this.dataSource, email)) ?? null;
    await this.audit.write({ type: 'user', event_type: 'login_failed', user_id: userId, log_data: { email, reason, ...client } });
  }

  async logout(refreshToken: string, client: ClientInfo): Promise<void> {
    const revoked = await this.sessions.revokeByRefreshToken(refreshToken, 'logout');
    if (revoked) await this.audit.write({ type: 'user', event_type: 'logout', user_id: revoked.userId, log_data: client });
  }

  /**
   * The caller as the guard resolved it: the session check's one query already read the user (active, or
   * the request would have been refused), the group and its perms, so this answer needs no query of its own.
   */
  currentUser(principal: Principal): CurrentUser {
    return {
      id: principal.userId,
      email: principal.email,
      is_active: true,
      group: principal.groupId === null ? null : { id: principal.groupId, name: principal.groupName ?? '', perms: principal.perms },
    };
  }
}
