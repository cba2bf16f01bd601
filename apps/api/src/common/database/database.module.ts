import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../config/config';
import { dataSourceOptions } from './data-source';

export function databaseModule(config: AppConfig) {
  return TypeOrmModule.forRoot({ ...dataSourceOptions(config.databaseUrl), autoLoadEntities: false });
}
