/** Every entity, registered once for the API, the worker and the CLI. */
import { CaptchaProof } from '../../auth/entities/captcha-proof.entity';
import { RefreshToken } from '../../auth/entities/refresh-token.entity';
import { TokenFamily } from '../../auth/entities/token-family.entity';
import { Group } from '../../groups/group.entity';
import { LogEntry } from '../../logs/log-entry.entity';
import { User } from '../../users/user.entity';

export const ENTITIES = [Group, User, TokenFamily, RefreshToken, CaptchaProof, LogEntry];
