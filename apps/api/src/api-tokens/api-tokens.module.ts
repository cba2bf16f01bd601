import { Module } from '@nestjs/common';
import { API_TOKEN_CHECK } from '../access/access.ports';
import { AuthModule } from '../auth/auth.module';
import { ApiTokensController } from './api-tokens.controller';
import { ApiTokensRepository } from './api-tokens.repository';
import { ApiTokensService } from './api-tokens.service';

@Module({
  imports: [AuthModule],
  controllers: [ApiTokensController],
  providers: [
    ApiTokensService, ApiTokensRepository,
    // The access guard's check of personal API tokens.
    { provide: API_TOKEN_CHECK, useExisting: ApiTokensService },
  ],
  exports: [API_TOKEN_CHECK],
})
export class ApiTokensModule {}
