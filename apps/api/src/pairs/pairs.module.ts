import { Module } from '@nestjs/common';
import { AccountMarketsCatalog, EXCHANGE_CATALOG } from './exchange-catalog';
import { PairsController } from './pairs.controller';
import { PairsRepository } from './pairs.repository';
import { PairsService } from './pairs.service';

@Module({
  controllers: [PairsController],
  providers: [PairsService, PairsRepository, { provide: EXCHANGE_CATALOG, useClass: AccountMarketsCatalog }],
})
export class PairsModule {}
