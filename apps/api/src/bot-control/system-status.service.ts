import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { SystemStatus } from '@console/contracts';
import type { Principal } from '../access/principal';
import { EngineCommandsService } from '../engine/engine-commands.service';
import { markUnchanged } from '../logs/audit-context';
import { SetSystemStatusDto } from './system-status.dto';
import { SystemStatusRepository } from './system-status.repository';

/**
 * Bot on/off. The status is what the engine last confirmed; turning the bot on or off
 * is an engine command, and the row shows CHANGING until the engine has done it.
 */
@Injectable()
export class SystemStatusService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly statusRow: SystemStatusRepository,
    private readonly commands: EngineCommandsService,
  ) {}

  read(): Promise<SystemStatus> {
    return this.statusRow.read(this.dataSource);
  }

  /**
   * Asking for the state the bot is in already, with no change on its way, changes nothing. Decided on
   * the locked row, so "on" and "off" asked at once take turns: while one is pending (CHANGING) the
   * opposite one is refused with 409 by the engine boundary, the same one answers the pending command.
   */
  async set(principal: Principal, body: SetSystemStatusDto, clientKey?: string): Promise<SystemStatus> {
    const submitted = await this.dataSource.transaction(async (m) => {
      const now = await this.statusRow.lock(m);
      if (now.status === body.status && now.action_state !== 'CHANGING') return null;
      return this.commands.submitIn(m, principal, { kind: body.status === 'enabled' ? 'enable_bot' : 'disable_bot', targetId: null, clientKey });
    });
    if (submitted) await this.commands.publish(submitted);
    else markUnchanged();
    return this.read();
  }
}
