import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AccountService } from './account.service';
import { UsersAdminService } from './users-admin.service';
import { GroupsRepository } from '../groups/groups.repository';
import { UsersController } from './users.controller';

@Module({ imports: [AuthModule], controllers: [UsersController], providers: [AccountService, UsersAdminService, GroupsRepository] })
export class UsersModule {}
