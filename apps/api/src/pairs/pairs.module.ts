import { Module } from '@nestjs/common';
import { EXCHANGE_CATALOG, SimulatedExchangeCatalog } from './exchange-catalog';
import { PairsController } from './pairs.controller';
import { PairsRepository } from './pairs.repository';
import { PairsService } from './pairs.service';

@Module({
  controllers: [PairsController],
  providers: [PairsService, PairsRepository, { provide: EXCHANGE_CATALOG, useClass: SimulatedExchangeCatalog }],
})
export class PairsModule {}
