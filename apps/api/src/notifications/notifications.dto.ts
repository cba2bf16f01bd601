import { ApiProperty } from '@nestjs/swagger';
import type { NotificationRow } from '@console/contracts';
import { PageQuery, paginatedAnswer } from '../common/pagination/pagination';

export class NotificationsQuery extends PageQuery {}

export class NotificationDto implements NotificationRow {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() text_body!: string;
  @ApiProperty() created_at!: string;
}

export class NotificationListDto extends paginatedAnswer(NotificationDto) {}
