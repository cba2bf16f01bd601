import { Module } from '@nestjs/common';
import { ExchangeAccountsController } from './exchange-accounts.controller';
import { ExchangeAccountsRepository } from './exchange-accounts.repository';
import { ExchangeAccountsService } from './exchange-accounts.service';

@Module({ controllers: [ExchangeAccountsController], providers: [ExchangeAccountsService, ExchangeAccountsRepository] })
export class ExchangeAccountsModule {}
