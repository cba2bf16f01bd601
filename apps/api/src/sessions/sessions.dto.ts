import { ApiProperty } from '@nestjs/swagger';
import { SIGN_IN_OUTCOMES, type SessionsEnded, type SignInAttempt, type SignInOutcome, type UserSession, type UserSessionList } from '@console/contracts';
import { PageQuery, paginatedAnswer } from '../common/pagination/pagination';

export class SignInHistoryPageQuery extends PageQuery {}

export class UserSessionDto implements UserSession {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() browser!: string;
  @ApiProperty({ description: 'The operating system; empty when the user agent does not name one' }) system!: string;
  @ApiProperty({ description: 'The client address it signed in from' }) address!: string;
  @ApiProperty() signed_in_at!: string;
  @ApiProperty({ description: 'Written at most once a minute' }) last_active_at!: string;
  @ApiProperty({ description: 'The session of this request' }) is_current!: boolean;
}

export class UserSessionListDto implements UserSessionList {
  @ApiProperty({ type: [UserSessionDto] }) results!: UserSessionDto[];
}

export class SignInAttemptDto implements SignInAttempt {
  @ApiProperty() id!: string;
  @ApiProperty() created_at!: string;
  @ApiProperty() address!: string;
  @ApiProperty() browser!: string;
  @ApiProperty() system!: string;
  @ApiProperty({ enum: SIGN_IN_OUTCOMES }) outcome!: SignInOutcome;
}

export class SignInHistoryDto extends paginatedAnswer(SignInAttemptDto, { countDescription: 'Exact up to 1,000 attempts past the page, an estimate beyond' }) {}

export class SessionsEndedDto implements SessionsEnded {
  @ApiProperty() detail!: string;
  @ApiProperty({ description: 'How many sessions were ended' }) ended!: number;
}
