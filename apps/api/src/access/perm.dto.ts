import { ApiProperty } from '@nestjs/swagger';
import { LEVELS, SECTIONS } from '@console/contracts';
import type { Level, Perm, SectionName } from '@console/contracts';

/**
 * A section's perm as answered (a group, the current user's group). Here, beside the access layer that
 * reads perms, so auth/ and privileges/ both import it without importing each other.
 */
export class PermDto implements Perm {
  @ApiProperty({ enum: SECTIONS }) section_name!: SectionName;
  @ApiProperty({ enum: LEVELS }) status!: Level;
  @ApiProperty({ type: [String] }) fields!: string[];
  @ApiProperty() filtering!: boolean;
  @ApiProperty() sorting!: boolean;
  @ApiProperty() is_only_finished!: boolean;
  @ApiProperty() signals_count!: number;
}
