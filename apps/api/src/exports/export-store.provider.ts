/**
 * Which export store runs: its own file, so the store's interface (export-store.ts) and the S3 store that
 * implements it do not import each other.
 */
import type { Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { EXPORT_STORE, LocalExportStore, type ExportStore } from './export-store';

/**
 * The store the settings name. The S3 client is loaded only for the S3 store: its SDK alone adds about
 * 9 MiB to each process that loads it, and the local store is the default.
 */
export async function exportStoreOf(config: AppConfig): Promise<ExportStore> {
  if (config.exportStore !== 's3') return new LocalExportStore(config.exportDir);
  const { S3ExportStore } = await import('./s3-export-store.js');
  return new S3ExportStore(config.exportS3);
}

/** The store EXPORT_STORE names, for the API (downloads) and the worker (writes, purge). */
export const exportStoreProvider: Provider = { provide: EXPORT_STORE, inject: [APP_CONFIG], useFactory: exportStoreOf };
