import { ApiProperty } from '@nestjs/swagger';
import { EXPORT_STATUSES, type ExportStartAnswer, type ExportStatus, type ExportTaskAnswer } from '@console/contracts';

export class ExportStartDto implements ExportStartAnswer {
  @ApiProperty({ format: 'uuid', description: 'Poll celery-result/{task_id}/ with it' }) task_id!: string;
}

export class ExportTaskDto implements ExportTaskAnswer {
  @ApiProperty({ enum: EXPORT_STATUSES }) task_status!: ExportStatus;
  @ApiProperty({ minimum: 0, maximum: 100 }) progress!: number;
  @ApiProperty({ nullable: true, type: String, description: 'Set on SUCCESS while the file can be downloaded' }) filename!: string | null;
  @ApiProperty({ description: 'The file was deleted after its retention time' }) expired!: boolean;
}
