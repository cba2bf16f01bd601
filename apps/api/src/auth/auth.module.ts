import { Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { CaptchaProofsRepository } from './captcha-proofs.repository';
import { CaptchaService } from './captcha.service';
import { RateLimiterService } from './rate-limiter.service';
import { SessionService } from './session.service';
import { SessionsRepository } from './sessions.repository';
import { NewDeviceService } from './new-device.service';
import { CredentialsRepository } from './credentials.repository';
import { SESSION_CHECK } from '../access/access.ports';

@Module({
  controllers: [AuthController],
  providers: [
    AuthService, CaptchaService, RateLimiterService, SessionService, Clock, CredentialsRepository, CaptchaProofsRepository, SessionsRepository, NewDeviceService,
    // The access guard's session check.
    { provide: SESSION_CHECK, useExisting: SessionService },
  ],
  exports: [SessionService, SESSION_CHECK, RateLimiterService, Clock, CredentialsRepository, SessionsRepository],
})
export class AuthModule {}
