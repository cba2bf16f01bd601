import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { JOBS, QUEUES } from '../queues';
import type { QueueProcessor } from '../processor';

/** Clears spent and expired sign-in material: refresh tokens, revoked families, bot-check proofs. */
@Injectable()
export class MaintenanceProcessor implements QueueProcessor {
  readonly queue = QUEUES.maintenance;
  readonly repeatable = [{ name: JOBS.purgeExpiredAuth, every: 60 * 60 * 1000 }];
  private readonly logger = new Logger('Maintenance');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async process(job: Job): Promise<Record<string, number>> {
    if (job.name !== JOBS.purgeExpiredAuth) throw new Error(`Unknown job ${job.name}`);
    return this.purgeExpiredAuth();
  }

  async purgeExpiredAuth(): Promise<Record<string, number>> {
    const [, tokens] = (await this.dataSource.query(`DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'`)) as [unknown, number];
    const [, families] = (await this.dataSource.query(
      `DELETE FROM token_families f WHERE (revoked_at IS NOT NULL AND revoked_at < now() - interval '7 days')
         OR NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = f.id)`,
    )) as [unknown, number];
    const [, proofs] = (await this.dataSource.query(`DELETE FROM captcha_proofs WHERE expires_at < now()`)) as [unknown, number];
    const result = { tokens, families, proofs };
    this.logger.log(`purged ${JSON.stringify(result)}`);
    return result;
  }
}
