import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import {
  ACTION_STATES,
  DIRECTIONS,
  ORDER_KINDS,
  ORDER_LIST_QUERY,
  ORDER_PAGE_SIZE,
  ORDER_SIDES,
  ORDER_STATES,
  ORDER_STATUSES,
  OWN_MESSAGES,
  SIGNAL_MESSAGES,
  type ActionState,
  type Direction,
  type OrderKind,
  type OrderRow,
  type OrderSide,
  type OrderState,
  type OrderStatus,
} from '@console/contracts';
import { Ordering } from '../common/list-query/ordering';
import { ID_SCHEMA, PageQuery, paginatedAnswer } from '../common/pagination/pagination';
import { DateBound } from '../common/validation/dates';
import { IsBigId, IsId } from '../common/validation/ids';

const DATE_DESCRIPTION = 'YYYY-MM-DD (the whole day, UTC) or an ISO 8601 instant with its offset';

/** `GET orders/orders/`: one page size (100), newest first. */
export class OrdersQuery extends PageQuery {
  @ApiPropertyOptional({ enum: [ORDER_PAGE_SIZE], default: ORDER_PAGE_SIZE })
  @IsOptional()
  @IsIn([ORDER_PAGE_SIZE], { message: OWN_MESSAGES.valueInvalid })
  declare page_size?: number;

  @ApiPropertyOptional({ ...ID_SCHEMA, description: 'strategy profile id' }) @IsOptional() @IsId() profile?: number;
  @ApiPropertyOptional({ enum: ORDER_STATUSES }) @IsOptional() @IsIn(ORDER_STATUSES, { message: OWN_MESSAGES.valueInvalid }) status?: OrderStatus;
  @ApiPropertyOptional({ ...ID_SCHEMA, description: 'pair id' }) @IsOptional() @IsId() pair?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'signal id: that signal’s orders' }) @IsOptional() @IsBigId() signal?: number;

  @ApiPropertyOptional({ type: String, description: `Created at or before; ${DATE_DESCRIPTION}` })
  @IsOptional()
  @DateBound('end', SIGNAL_MESSAGES.dateInvalid)
  created_at_before?: string;

  @ApiPropertyOptional({ type: String, description: `Created at or after; ${DATE_DESCRIPTION}` })
  @IsOptional()
  @DateBound('start', SIGNAL_MESSAGES.dateInvalid)
  created_at_after?: string;

  @Ordering(ORDER_LIST_QUERY)
  ordering?: string;
}

/** The swagger shape of the contracts' OrderRow. */
export class OrderDto implements OrderRow {
  @ApiProperty() id!: string;
  @ApiProperty() created_at!: string;
  @ApiProperty() signal!: string;
  @ApiProperty() profile!: string;
  @ApiProperty() profile_id!: number;
  @ApiProperty() pair!: string;
  @ApiProperty({ enum: ORDER_SIDES }) direction!: OrderSide;
  @ApiProperty({ enum: DIRECTIONS }) position_direction!: Direction;
  @ApiProperty({ description: '5 decimals' }) price!: number;
  @ApiProperty({ description: '7 decimals' }) quantity!: number;
  @ApiProperty({ nullable: true, type: String }) exchange_order_id!: string | null;
  @ApiProperty({ enum: ORDER_KINDS }) order_type!: OrderKind;
  @ApiProperty({ description: 'price × quantity, 2 decimals' }) o_size!: number;
  @ApiProperty({ enum: ORDER_STATES }) state!: OrderState;
  @ApiProperty({ enum: ORDER_STATUSES }) status!: OrderStatus;
  @ApiProperty({ enum: ACTION_STATES }) action_state!: ActionState;
}

export class OrderListDto extends paginatedAnswer(OrderDto, { countDescription: 'Exact up to 1,000 matching rows past the page; beyond that an estimate' }) {}
