import { Module } from '@nestjs/common';
import { ExportQueues } from './export-lanes';
import { exportStoreProvider } from './export-store.provider';
import { ExportTasksRepository } from './export-tasks.repository';
import { EXPORT_CONTROLLERS } from './exports.controller';
import { ExportsService } from './exports.service';

/** The export calls of the signals and stats lists; the files are written by the worker (ExportsProcessor). */
@Module({ controllers: [...EXPORT_CONTROLLERS], providers: [ExportsService, ExportQueues, ExportTasksRepository, exportStoreProvider] })
export class ExportsModule {}
