import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LOG_FILTER_FIELDS, OWN_MESSAGES, type LogFilterField, type LogFilterOption } from '@console/contracts';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ID_SCHEMA, PageQuery, paginatedAnswer } from '../common/pagination/pagination';
import { IsId } from '../common/validation/ids';

export class LogFilterOptionsQuery extends PageQuery {
  @ApiProperty({ enum: LOG_FILTER_FIELDS })
  @IsIn(LOG_FILTER_FIELDS, { message: OWN_MESSAGES.logFilterFieldInvalid })
  field!: LogFilterField;

  @ApiPropertyOptional({ description: 'Part of the name, any case (a profile may also be found by its id)' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  search?: string;

  @ApiPropertyOptional({ ...ID_SCHEMA, description: 'Only the option with this id: how a page opened with ?pair= or ?profile= shows its name' })
  @IsOptional()
  @IsId()
  id?: number;
}

export class LogFilterOptionDto implements LogFilterOption {
  @ApiProperty() id!: number;
  @ApiPropertyOptional({ description: 'Left out for a Limited group that does not see the name' }) name?: string;
}

export class LogFilterOptionListDto extends paginatedAnswer(LogFilterOptionDto) {}
