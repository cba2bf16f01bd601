import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module';
import { GroupsDataModule } from '../groups/groups-data.module';
import { AccountService } from './account.service';
import { UsersAdminService } from './users-admin.service';
import { UsersController } from './users.controller';
import { UsersDataModule } from './users-data.module';

@Module({ imports: [AuthModule, UsersDataModule, GroupsDataModule], controllers: [UsersController], providers: [AccountService, UsersAdminService] })
export class UsersModule {}
