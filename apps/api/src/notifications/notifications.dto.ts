import { ApiProperty } from '@nestjs/swagger';
import { PageQuery } from '../common/pagination/pagination';

export class NotificationsQuery extends PageQuery {}

export class NotificationDto {
  @ApiProperty() id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() text_body!: string;
  @ApiProperty() created_at!: string;
}

export class NotificationListDto {
  @ApiProperty() count!: number;
  @ApiProperty({ nullable: true, type: String }) next!: string | null;
  @ApiProperty({ nullable: true, type: String }) previous!: string | null;
  @ApiProperty({ type: [NotificationDto] }) results!: NotificationDto[];
}
