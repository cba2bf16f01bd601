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
import { UsersRepository } from '../users/users.repository';

@Module({
  controllers: [AuthController],
  providers: [AuthService, CaptchaService, RateLimiterService, SessionService, Clock, UsersRepository, CaptchaProofsRepository, SessionsRepository, NewDeviceService],
  exports: [SessionService, RateLimiterService, UsersRepository, SessionsRepository],
})
export class AuthModule {}
