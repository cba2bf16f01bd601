import { Module } from '@nestjs/common';
import { GroupsController } from './groups.controller';
import { GroupsDataModule } from './groups-data.module';
import { GroupsService } from './groups.service';

@Module({ imports: [GroupsDataModule], controllers: [GroupsController], providers: [GroupsService] })
export class GroupsModule {}
