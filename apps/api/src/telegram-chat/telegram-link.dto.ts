import { ApiProperty } from '@nestjs/swagger';
import type { TelegramLinkState } from '@console/contracts';

export class TelegramLinkStateDto implements TelegramLinkState {
  @ApiProperty() linked!: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) linked_at!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Only in the answer that issued it' }) code!: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'https://t.me/console_bot?start=AbCd' }) link_url!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) expires_at!: string | null;
}
