import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Section } from '../access/access.decorators';
import { ChartDto, ChartQuery } from './charts.dto';
import { ChartsService } from './charts.service';

@ApiTags('charts')
@Controller('statistics')
export class ChartsController {
  constructor(private readonly charts: ChartsService) {}

  /** One series; the second chart is a second request. */
  @Section('charts', 'read')
  @Get('statistics-chart/')
  @ApiOkResponse({ type: ChartDto })
  chart(@Query() query: ChartQuery): Promise<ChartDto> {
    return this.charts.chart(query);
  }
}
