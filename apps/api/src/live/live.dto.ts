import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { LIVE_LIMITS, type LiveTicketAnswer } from '@console/contracts';

/** Longer than any ticket or event id: what the stream's params may hold at all. */
const PARAM_MAX = 64;

/** `GET live/`: the query the access guard has already taken the ticket from. */
export class LiveStreamQuery {
  @ApiProperty({ description: 'A one-use ticket from POST live/tickets/' })
  @IsString()
  @MaxLength(PARAM_MAX)
  ticket!: string;

  @ApiPropertyOptional({ description: 'The id of the last event received: the stream resumes after it (the Last-Event-ID header says the same)' })
  @IsOptional()
  @IsString()
  @MaxLength(PARAM_MAX)
  last_event_id?: string;
}

export class LiveTicketDto implements LiveTicketAnswer {
  @ApiProperty() ticket!: string;
  @ApiProperty({ example: LIVE_LIMITS.ticketTtlSeconds }) expires_in!: number;
}
