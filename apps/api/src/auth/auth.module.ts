import { Module } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { CaptchaService } from './captcha.service';
import { RateLimiterService } from './rate-limiter.service';
import { SessionService } from './session.service';

@Module({
  controllers: [AuthController],
  providers: [AuthService, CaptchaService, RateLimiterService, SessionService, Clock],
  exports: [SessionService, RateLimiterService],
})
export class AuthModule {}
