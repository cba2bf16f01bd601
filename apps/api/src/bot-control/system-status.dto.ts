import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn } from 'class-validator';
import { ACTION_STATES, BOT_STATUSES, MESSAGES, OWN_MESSAGES, type ActionState, type BotStatus, type SystemStatus } from '@console/contracts';

/** `POST system-status/`: turn the bot on or off. */
export class SetSystemStatusDto {
  @ApiProperty({ enum: BOT_STATUSES })
  @IsIn(BOT_STATUSES, { message: OWN_MESSAGES.botStatusInvalid })
  @IsDefined({ message: MESSAGES.fieldRequired })
  status!: BotStatus;
}

/** What the engine last confirmed, and whether a change is on its way (CHANGING). */
export class SystemStatusDto implements SystemStatus {
  @ApiProperty({ enum: BOT_STATUSES }) status!: BotStatus;
  @ApiProperty({ enum: ACTION_STATES }) action_state!: ActionState;
  @ApiProperty({ nullable: true, type: String, description: 'The engine command carrying the latest change (engine/commands/{id}/)' })
  command_id!: string | null;
}
