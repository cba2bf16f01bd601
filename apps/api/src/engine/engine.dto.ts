import { ApiProperty } from '@nestjs/swagger';
import { ACTION_STATES, ENGINE_COMMAND_KINDS, ENGINE_COMMAND_STATUSES, ENGINE_COMMAND_TARGETS } from '@console/contracts';
import type { ActionState, EngineCommandKind, EngineCommandState, EngineCommandStatus, EngineCommandTarget } from '@console/contracts';

/** The swagger shape of the contracts' EngineCommandState. */
export class EngineCommandStateDto implements EngineCommandState {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ENGINE_COMMAND_KINDS }) kind!: EngineCommandKind;
  @ApiProperty({ enum: ENGINE_COMMAND_TARGETS }) target_type!: EngineCommandTarget;
  @ApiProperty({ nullable: true, type: String }) target_id!: string | null;
  @ApiProperty({ enum: ENGINE_COMMAND_STATUSES }) status!: EngineCommandStatus;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
  @ApiProperty({ nullable: true, enum: ACTION_STATES }) action_state!: ActionState | null;
  @ApiProperty() created_at!: string;
  @ApiProperty({ nullable: true, type: String }) completed_at!: string | null;
}
