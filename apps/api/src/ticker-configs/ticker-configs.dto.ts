import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, ValidateBy } from 'class-validator';
import {
  isId,
  OWN_MESSAGES,
  TICKER_CONFIG_LIST_QUERY,
  TICKER_CONFIG_MESSAGES as M,
  TICKER_CONFIG_PAIRS_MAX,
  TICKER_CONFIG_STATUSES,
  TICKER_CONFIG_TARGET_STATUSES,
  TICKER_CONFIG_TITLE_MAX,
  type TickerConfig,
  type TickerConfigStatus,
} from '@console/contracts';
import { Ordering } from '../common/list-query/ordering';
import { PageQuery, paginatedAnswer } from '../common/pagination/pagination';
import { Omittable, TitleField } from '../common/validation/transforms';

type TargetStatus = (typeof TICKER_CONFIG_TARGET_STATUSES)[number];

/** A list of pair ids, each a valid id, at most TICKER_CONFIG_PAIRS_MAX. */
const PairIds = () =>
  ValidateBy(
    {
      name: 'pairIds',
      validator: { validate: (value: unknown) => Array.isArray(value) && value.length <= TICKER_CONFIG_PAIRS_MAX && value.every((id) => isId(id)) },
    },
    { message: OWN_MESSAGES.idInvalid },
  );

export class TickerConfigsQuery extends PageQuery {
  @Ordering(TICKER_CONFIG_LIST_QUERY)
  ordering?: string;
}

/** `POST strategies/tickers-configs/`: the Add pair list form. */
export class CreateTickerConfigDto {
  @TitleField(TICKER_CONFIG_TITLE_MAX, { blank: M.titleBlank, tooLong: M.titleTooLong })
  title!: string;

  @ApiProperty({ enum: TICKER_CONFIG_TARGET_STATUSES, description: 'active asks the engine to start the list (status starting until it has)' })
  @IsIn(TICKER_CONFIG_TARGET_STATUSES, { message: M.statusInvalid })
  @IsDefined({ message: M.statusRequired })
  status!: TargetStatus;

  @ApiPropertyOptional({ type: [Number], maxItems: TICKER_CONFIG_PAIRS_MAX, description: 'Trading pair ids; each must exist and be switched on' })
  @Omittable()
  @PairIds()
  pairs?: number[];
}

/** `PUT strategies/tickers-configs/{id}/`: the status alone, the pairs alone, or the whole row. */
export class UpdateTickerConfigDto {
  @TitleField(TICKER_CONFIG_TITLE_MAX, { blank: M.titleBlank, tooLong: M.titleTooLong }, { omittable: true })
  title?: string;

  @ApiPropertyOptional({ enum: TICKER_CONFIG_TARGET_STATUSES })
  @Omittable()
  @IsIn(TICKER_CONFIG_TARGET_STATUSES, { message: M.statusInvalid })
  status?: TargetStatus;

  @ApiPropertyOptional({ type: [Number], maxItems: TICKER_CONFIG_PAIRS_MAX })
  @Omittable()
  @PairIds()
  pairs?: number[];
}

/** The swagger shape of the contracts' TickerConfig. */
export class TickerConfigDto implements TickerConfig {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: TICKER_CONFIG_STATUSES }) status!: TickerConfigStatus;
  @ApiProperty({ type: [Number], description: 'Trading pair ids, by ticker' }) pairs!: number[];
  @ApiProperty({ type: [String], description: 'The tickers of those pairs, in the same order' }) tickers!: string[];
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class TickerConfigListDto extends paginatedAnswer(TickerConfigDto) {}
