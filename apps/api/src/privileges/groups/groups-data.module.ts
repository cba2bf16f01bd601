import { Module } from '@nestjs/common';
import { GROUP_PERMS } from '../../access/access.ports';
import { GroupsRepository } from './groups.repository';

/** The groups table for other features, and the access layer's source of groups' perms. */
@Module({
  providers: [GroupsRepository, { provide: GROUP_PERMS, useExisting: GroupsRepository }],
  exports: [GroupsRepository, GROUP_PERMS],
})
export class GroupsDataModule {}
