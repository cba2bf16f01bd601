import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Section } from '../access/access.decorators';
import { NotificationListDto, NotificationsQuery } from './notifications.dto';
import { NotificationsService } from './notifications.service';
import { pageAnswer } from '../common/pagination/pagination';

@ApiTags('notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  /** The feed, newest first. */
  @Section('notifications', 'read')
  @Get('/')
  @ApiOkResponse({ type: NotificationListDto })
  async list(@Req() req: Request, @Query() query: NotificationsQuery) {
    return pageAnswer(req, await this.notifications.list(query));
  }
}
