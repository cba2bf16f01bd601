import { Module } from '@nestjs/common';
import { ACTOR_PERMS } from '../../access/access.ports';
import { UsersRepository } from './users.repository';

/** The users table for other features, and the access layer's source of an actor's current perms. */
@Module({
  providers: [UsersRepository, { provide: ACTOR_PERMS, useExisting: UsersRepository }],
  exports: [UsersRepository, ACTOR_PERMS],
})
export class UsersDataModule {}
