import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AccountLiveSwitchService } from './account-live-switch.service';
import { ExchangeConnectionService } from './exchange-connection.service';
import { ExchangeAccountsController } from './exchange-accounts.controller';
import { ExchangeAccountsRepository } from './exchange-accounts.repository';
import { ExchangeAccountsService } from './exchange-accounts.service';

@Module({ imports: [AuthModule], controllers: [ExchangeAccountsController], providers: [ExchangeAccountsService, ExchangeAccountsRepository, AccountLiveSwitchService, ExchangeConnectionService] })
export class ExchangeAccountsModule {}
