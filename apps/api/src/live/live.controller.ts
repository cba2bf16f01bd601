import { Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, SignedIn, StreamTicket } from '../access/access.decorators';
import type { Principal } from '../access/principal';
import { openEventStream } from './event-stream';
import { LiveStreamQuery, LiveTicketDto } from './live.dto';
import { LiveStreams } from './live-streams.service';
import { LiveTickets } from './live-tickets';

@ApiTags('live')
@Controller('live')
export class LiveController {
  constructor(
    private readonly tickets: LiveTickets,
    private readonly streams: LiveStreams,
  ) {}

  /** Any signed-in user may open a stream: what it carries is filtered by the user's sections. */
  @SignedIn({ area: 'sessions' })
  @Post('tickets/')
  @ApiCreatedResponse({ type: LiveTicketDto })
  issue(@CurrentPrincipal() principal: Principal): Promise<LiveTicketDto> {
    return this.tickets.issue(principal);
  }

  /** The stream (text/event-stream) until the client leaves, its session ends or its group changes. */
  @StreamTicket()
  @Get('/')
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'Server-Sent Events: changes (LiveEvent) and the ready, refetch, reconnect and closed events' })
  open(@CurrentPrincipal() principal: Principal, @Query() query: LiveStreamQuery, @Req() req: Request, @Res() res: Response): Promise<void> {
    const lastEventId = req.get('last-event-id') ?? query.last_event_id ?? null;
    return this.streams.open(principal, lastEventId, openEventStream(req, res));
  }
}
