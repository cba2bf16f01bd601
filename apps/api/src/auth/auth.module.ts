import { Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { CaptchaService } from './captcha.service';
import { RateLimiterService } from './rate-limiter.service';
import { SessionService } from './session.service';
import { UsersRepository } from '../users/users.repository';

@Module({
  controllers: [AuthController],
  providers: [AuthService, CaptchaService, RateLimiterService, SessionService, Clock, UsersRepository],
  exports: [SessionService, RateLimiterService, UsersRepository],
})
export class AuthModule {}
