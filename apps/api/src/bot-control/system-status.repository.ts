import { Injectable } from '@nestjs/common';
import type { SystemStatus } from '@console/contracts';
import { type Db, firstRow } from '../common/database/sql';

/** The bot's one status row (`bot_status`), as the engine last confirmed it, with its newest command. */
@Injectable()
export class SystemStatusRepository {
  async read(db: Db): Promise<SystemStatus> {
    return (await firstRow(
      db,
      `SELECT b.status, b.action_state,
              (SELECT c.id::text FROM engine_commands c WHERE c.target_type = 'system' ORDER BY c.id DESC LIMIT 1) AS command_id
         FROM bot_status b`,
    ))!;
  }

  /** The row locked until the transaction ends: requests to switch the bot take turns. */
  async lock(db: Db): Promise<Omit<SystemStatus, 'command_id'>> {
    return (await firstRow(db, `SELECT status, action_state FROM bot_status FOR UPDATE`))!;
  }
}
