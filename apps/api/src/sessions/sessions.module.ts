import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { UsersDataModule } from '../privileges/users/users-data.module';
import { OwnSessionsController, UserSessionsController } from './sessions.controller';
import { UserSessionsService } from './user-sessions.service';

@Module({ imports: [AuthModule, UsersDataModule], controllers: [OwnSessionsController, UserSessionsController], providers: [UserSessionsService] })
export class SessionsModule {}
