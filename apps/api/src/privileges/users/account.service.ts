import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ACCOUNT_PASSWORD_PATTERN, EMAIL_PATTERN, MESSAGES, OWN_MESSAGES, ownAccountChange, type OwnAccount } from '@console/contracts';
import type { Principal } from '../../access/principal';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { RateLimiterService, passwordCheckLimits } from '../../auth/rate-limiter.service';
import { SessionsRepository } from '../../auth/sessions.repository';
import { BadRequestDetail, FieldValidationError, ForbiddenDetail, TokenNotValidError } from '../../common/errors/api-errors';
import { AuditService } from '../../logs/audit.service';
import { UpdateOwnAccountDto } from './users.dto';
import { UsersRepository } from './users.repository';

/** A user's own account details: email and an optional password change. */
@Injectable()
export class AccountService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly audit: AuditService,
    private readonly limiter: RateLimiterService,
  ) {}

  async update(principal: Principal, id: number, body: UpdateOwnAccountDto): Promise<OwnAccount> {
    if (id !== principal.userId) throw new ForbiddenDetail();
    const email = body.email.trim();
    if (!EMAIL_PATTERN.test(email)) throw FieldValidationError.of('email', MESSAGES.accountEmailInvalid);
    const oldPassword = body.old_password ?? '';
    const newPassword = body.new_password ?? '';
    const current = await this.users.credentials(this.dataSource, id);
    if (!current) throw new TokenNotValidError();
    const { emailChanging, changingPassword } = ownAccountChange(current.email, { email, old_password: oldPassword, new_password: newPassword });
    if (changingPassword) {
      if (!oldPassword || !newPassword) throw new BadRequestDetail(MESSAGES.bothPasswordsRequired);
      if (oldPassword === newPassword) throw FieldValidationError.of('new_password', MESSAGES.newPasswordSameAsOld);
      if (!ACCOUNT_PASSWORD_PATTERN.test(newPassword)) throw FieldValidationError.of('new_password', OWN_MESSAGES.passwordRules);
    } else if (emailChanging && !oldPassword) {
      throw FieldValidationError.of('old_password', OWN_MESSAGES.currentPasswordForEmail);
    }
    if (changingPassword || emailChanging) {
      // Guessed like a sign-in: the same counting before the check, so a stolen session cannot try freely.
      const limits = passwordCheckLimits(id, principal.ip);
      await this.limiter.take(limits);
      if (!(await verifyPassword(current.password_hash, oldPassword))) throw FieldValidationError.of('old_password', OWN_MESSAGES.oldPasswordWrong);
      await this.limiter.refund(limits);
    }
    const newHash = changingPassword ? await hashPassword(newPassword) : null;

    return this.dataSource.transaction(async (m) => {
      const before = await this.users.credentials(m, id, { lock: true });
      if (!before) throw new TokenNotValidError();
      if (await this.users.emailTaken(m, email, id)) throw FieldValidationError.of('email', OWN_MESSAGES.emailTaken);
      await this.users.updateAccount(m, id, { email, passwordHash: newHash });
      if (newHash) {
        // A new password ends every other session of this user; the one that changed it goes on.
        await this.sessions.revokeUserSessions(m, id, 'password_changed', principal.familyId);
        await this.audit.write({ type: 'user', event_type: 'password_changed', user_id: id, log_data: { ip: principal.ip, userAgent: principal.userAgent } }, m);
      }
      if (before.email !== email) {
        await this.audit.write({ type: 'user', event_type: 'account_updated', user_id: id, log_data: { before: { email: before.email }, after: { email } } }, m);
      }
      return { id, email };
    });
  }
}
